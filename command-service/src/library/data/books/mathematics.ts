import type { SeedBook } from './types';

export const MATHEMATICS_BOOK: SeedBook = {
  title: 'Algebra, Equations and Geometry',
  subject: 'Mathematics',
  author: 'Evergrade Authors',
  description:
    'A first course in algebra and geometry for grades 8 to 10. It introduces letters standing for numbers, shows how to solve linear equations step by step, draws straight-line graphs, and ends with angles, triangles, the theorem of Pythagoras and the measurement of shapes. Worked examples show every step.',
  chapters: [
    {
      title: 'Chapter 1 The Language of Algebra',
      sections: [
        {
          heading: '1.1 Variables, Expressions and Terms',
          paragraphs: [
            'Algebra uses letters to stand for numbers that are unknown or that can change. Such a letter is called a variable. If a cinema ticket costs 8 dollars, the cost of n tickets is 8 x n, which we write simply as 8n. Writing a number next to a letter always means multiplication, and the number in front is called the coefficient.',
            'An expression is a collection of numbers, letters and operations with no equals sign, such as 3x + 5 or 2a - 7b + 1. The parts separated by plus and minus signs are called terms. In 3x + 5 there are two terms: 3x, which contains the variable, and 5, which is a constant term because its value never changes.',
            'Some conventions keep expressions short. We write x^2 for x times x, read as x squared, and x^3 for x times x times x. A letter on its own has coefficient 1, so x means 1x, and division is usually written as a fraction: a divided by 4 is written a/4.',
          ],
        },
        {
          heading: '1.2 Collecting Like Terms and Expanding Brackets',
          paragraphs: [
            'Like terms contain exactly the same letters raised to the same powers, such as 4y and -9y, or 2ab and 7ab. Like terms can be combined by adding or subtracting their coefficients: 5x + 3x = 8x and 6p - 2p + p = 5p. Unlike terms, such as 3x and 3x^2, or 4a and 4b, cannot be combined. To simplify 7m + 2n - 3m + 5n, group the like terms to get 4m + 7n.',
            'A number or term outside a bracket multiplies every term inside it. This is the distributive law: a(b + c) = ab + ac. For example, 3(x + 4) = 3x + 12, and -2(5 - y) = -10 + 2y. Take care with negative signs: a minus sign in front of a bracket changes the sign of every term inside.',
            'Factorising is the reverse of expanding. To factorise 6x + 15, find the highest common factor of the terms, here 3, and write it outside a bracket: 6x + 15 = 3(2x + 5). You can always check a factorisation by expanding it again.',
          ],
        },
        {
          heading: '1.3 Order of Operations and Substitution',
          paragraphs: [
            'When an expression has several operations, they must be done in an agreed order, often remembered as BIDMAS: Brackets first, then Indices (powers), then Division and Multiplication from left to right, and finally Addition and Subtraction from left to right. So 2 + 3 x 4 = 2 + 12 = 14, not 20, while (2 + 3) x 4 = 20.',
            'Substitution means replacing each letter in an expression by a given number and working out the value. If a = 3 and b = -2, then 4a + b = 12 - 2 = 10, and a^2 - 5b = 9 + 10 = 19. Put negative numbers in brackets when substituting so that their signs are not lost.',
            'Formulas are expressions that give one quantity in terms of others, such as P = 2l + 2w for the perimeter of a rectangle. Substituting l = 7 and w = 3 gives P = 14 + 6 = 20.',
          ],
        },
      ],
    },
    {
      title: 'Chapter 2 Solving Linear Equations',
      sections: [
        {
          heading: '2.1 Balancing an Equation',
          paragraphs: [
            'An equation states that two expressions are equal, for example 2x + 5 = 17. Solving the equation means finding the value of the unknown that makes it true. A useful picture is a pair of scales in balance: whatever we do to one side, we must do to the other, so that the scales stay level.',
            'To solve a one-step equation, undo the operation applied to the unknown by using its inverse. If x + 9 = 14, subtract 9 from both sides to get x = 5. If 4x = 28, divide both sides by 4 to get x = 7. If x / 3 = 6, multiply both sides by 3 to get x = 18.',
            'A two-step equation needs two inverse operations, undoing addition or subtraction first and then multiplication or division. For 2x + 5 = 17, subtract 5 from both sides to get 2x = 12, then divide by 2 to get x = 6. Check the answer by substituting it back: 2 x 6 + 5 = 17, which is correct.',
          ],
        },
        {
          heading: '2.2 Unknowns on Both Sides and Brackets',
          paragraphs: [
            'When the unknown appears on both sides, first collect all the unknown terms on one side. For 5x - 4 = 2x + 11, subtract 2x from both sides to get 3x - 4 = 11, then add 4 to get 3x = 15, so x = 5. It is usually easiest to move the smaller multiple of x.',
            'If an equation contains brackets, expand them first. To solve 3(x - 2) = x + 8, expand to 3x - 6 = x + 8, subtract x to get 2x - 6 = 8, add 6 to get 2x = 14, and divide by 2: x = 7.',
            'Equations with fractions are easier after multiplying every term by a common denominator. For x/2 + x/3 = 10, multiply each term by 6 to clear the fractions: 3x + 2x = 60, so 5x = 60 and x = 12. An equation may also have a solution that is negative or a fraction, such as 4x = -6, which gives x = -1.5.',
          ],
        },
        {
          heading: '2.3 Forming Equations from Word Problems',
          paragraphs: [
            'Many problems in everyday life can be solved by writing them as equations. First choose a letter for the unknown quantity and say clearly what it stands for. Then translate the words into an equation, solve it, and answer the question in words, with units.',
            'Example: Maya is three times as old as her brother, and the sum of their ages is 32. Let the brother be b years old. Maya is 3b years old, so b + 3b = 32, giving 4b = 32 and b = 8. The brother is 8 and Maya is 24. Check: 24 is three times 8 and 8 + 24 = 32.',
            'Example: a taxi charges a fixed fee of 4 dollars plus 2 dollars for each kilometre. A ride cost 30 dollars. If k is the number of kilometres, then 4 + 2k = 30, so 2k = 26 and k = 13. The ride was 13 km long. Always check that the answer is sensible: a length cannot be negative, and a number of people must be a whole number.',
          ],
        },
      ],
    },
    {
      title: 'Chapter 3 Straight-Line Graphs',
      sections: [
        {
          heading: '3.1 The Coordinate Plane',
          paragraphs: [
            'A point on a flat grid is located by its coordinates, written as an ordered pair (x, y). The horizontal number line is the x-axis and the vertical number line is the y-axis; they cross at the origin, (0, 0). The first number tells you how far to move across and the second how far to move up or down, so (3, -2) is three units right of the origin and two units down.',
            'The axes divide the plane into four quadrants. Points in the first quadrant have both coordinates positive; in the second quadrant x is negative and y is positive, and so on around the origin anticlockwise.',
            'The midpoint of the line segment joining (x1, y1) and (x2, y2) is found by averaging the coordinates: ((x1 + x2)/2, (y1 + y2)/2). For example, the midpoint of (2, 5) and (8, 1) is (5, 3).',
          ],
        },
        {
          heading: '3.2 Gradient of a Line',
          paragraphs: [
            'The gradient, or slope, of a straight line measures how steep it is. It is the change in y divided by the change in x between any two points on the line, often remembered as rise over run: m = (y2 - y1) / (x2 - x1). For the points (1, 2) and (4, 11), the gradient is (11 - 2) / (4 - 1) = 9 / 3 = 3.',
            'A line that goes up from left to right has a positive gradient and a line that goes down has a negative gradient. A horizontal line has gradient 0, and the gradient of a vertical line is undefined, because the run is zero. The bigger the size of the gradient, the steeper the line.',
            'Parallel lines have equal gradients. Two lines are perpendicular, meeting at a right angle, when the product of their gradients is -1; for example, lines with gradients 2 and -1/2 are perpendicular.',
          ],
        },
        {
          heading: '3.3 The Equation y = mx + c',
          paragraphs: [
            'Every straight line that is not vertical has an equation of the form y = mx + c. The number m is the gradient and c is the y-intercept, the value of y where the line crosses the y-axis. The line y = 2x + 1 has gradient 2 and crosses the y-axis at (0, 1); the line y = -x + 4 has gradient -1 and crosses at (0, 4).',
            'To draw a line from its equation, make a table of values: choose a few values of x, work out y for each, plot the points and join them with a ruler. For y = 2x + 1, the points (0, 1), (1, 3) and (2, 5) all lie on the line. If a plotted point does not line up with the others, recheck its calculation.',
            'To find the equation of a line through two points, first work out the gradient m, then substitute one point into y = mx + c to find c. For the points (1, 2) and (4, 11), m = 3, and 2 = 3 x 1 + c gives c = -1, so the line is y = 3x - 1. Straight-line graphs also model real situations: a phone plan costing 10 dollars a month plus 5 cents a minute is described by C = 0.05t + 10.',
          ],
        },
        {
          heading: '3.4 Simultaneous Equations',
          paragraphs: [
            'Two equations with two unknowns, which must both be true at the same time, are called simultaneous equations. Each one on its own has infinitely many solutions, but usually only one pair of values, one for x and one for y, satisfies both together. On a graph, that pair is the point where the two straight lines intersect.',
            'In the elimination method, we add or subtract the equations so that one unknown disappears. To solve x + y = 10 and x - y = 4, add the two equations: the y terms cancel, leaving 2x = 14, so x = 7. Substituting into the first equation gives 7 + y = 10, so y = 3. If the coefficients do not match, first multiply one or both equations by a number so that they do.',
            'In the substitution method, we rearrange one equation to give one unknown in terms of the other and put it into the second equation. For y = 2x and 3x + y = 15, replacing y by 2x gives 3x + 2x = 15, so 5x = 15, x = 3 and y = 6. Check the solution in both original equations.',
            'Simultaneous equations solve many problems with two unknown amounts. If 2 pens and 3 notebooks cost 13 dollars while 2 pens and 1 notebook cost 7 dollars, subtracting the equations 2p + 3n = 13 and 2p + n = 7 gives 2n = 6. A notebook costs 3 dollars, and then 2p + 3 = 7 gives a pen price of 2 dollars. Two parallel lines never meet, so their equations have no solution at all.',
          ],
        },
      ],
    },
    {
      title: 'Chapter 4 Geometry Basics',
      sections: [
        {
          heading: '4.1 Angles and Parallel Lines',
          paragraphs: [
            'Angles are measured in degrees with a protractor. A full turn is 360 degrees and a right angle is 90 degrees. An acute angle is less than 90 degrees, an obtuse angle is between 90 and 180 degrees, and a reflex angle is more than 180 degrees.',
            'Some facts about angles are used again and again. Angles on a straight line add up to 180 degrees. Angles around a point add up to 360 degrees. When two straight lines cross, the vertically opposite angles are equal.',
            'When a straight line called a transversal crosses a pair of parallel lines, it makes equal pairs of angles. Corresponding angles, in matching positions at each crossing, are equal. Alternate angles, on opposite sides of the transversal between the parallel lines, are equal and form a Z shape. Co-interior angles, on the same side between the parallel lines, add up to 180 degrees.',
          ],
        },
        {
          heading: '4.2 Triangles and Polygons',
          paragraphs: [
            'The three interior angles of any triangle add up to 180 degrees. If two angles of a triangle are 50 and 60 degrees, the third must be 180 - 50 - 60 = 70 degrees. An exterior angle of a triangle, made by extending one side, equals the sum of the two interior angles opposite it.',
            'Triangles are named by their sides and angles. An equilateral triangle has three equal sides and three angles of 60 degrees. An isosceles triangle has two equal sides, and the two angles opposite them are equal. A scalene triangle has no equal sides. A right-angled triangle has one angle of 90 degrees.',
            'A polygon is a closed shape with straight sides. The interior angles of a polygon with n sides add up to (n - 2) x 180 degrees, because it can be split into n - 2 triangles from one corner. A quadrilateral therefore has angles adding to 360 degrees and a hexagon 720 degrees. In a regular polygon all sides and angles are equal, and the exterior angles of any polygon add up to 360 degrees.',
          ],
        },
        {
          heading: '4.3 The Pythagorean Theorem',
          paragraphs: [
            'In a right-angled triangle, the longest side is opposite the right angle and is called the hypotenuse. The theorem of Pythagoras states that the square of the hypotenuse equals the sum of the squares of the other two sides: a^2 + b^2 = c^2, where c is the hypotenuse and a and b are the shorter sides.',
            'To find the hypotenuse, square the two shorter sides, add, and take the square root. If a = 6 cm and b = 8 cm, then c^2 = 36 + 64 = 100, so c = 10 cm. To find a shorter side, subtract instead: if the hypotenuse is 13 m and one side is 5 m, the other side is the square root of 169 - 25 = 144, which is 12 m.',
            'Sets of whole numbers that fit the theorem, such as 3, 4, 5 and 5, 12, 13, are called Pythagorean triples. The theorem also works in reverse: if the sides of a triangle satisfy a^2 + b^2 = c^2, the triangle has a right angle, which builders use to check that corners are square. It can also give the distance between two points on a grid.',
          ],
        },
        {
          heading: '4.4 Perimeter, Area and Circles',
          paragraphs: [
            'The perimeter of a shape is the total length around its edge, and its area is the amount of flat surface it covers, measured in square units such as square centimetres. A rectangle of length l and width w has perimeter 2l + 2w and area l x w. A triangle has area (1/2) x base x height, where the height is measured at right angles to the base. A parallelogram has area base x height, and a trapezium has area (1/2) x (a + b) x h, where a and b are the parallel sides.',
            'The distance around a circle is called its circumference. For every circle, the circumference divided by the diameter is the same number, pi, which is about 3.14. So the circumference is C = pi x d, or C = 2 x pi x r, where r is the radius, half the diameter.',
            'The area of a circle is A = pi x r^2. A circle of radius 5 cm has area about 3.14 x 25 = 78.5 square centimetres and circumference about 31.4 cm. Remember to square only the radius, and to give areas in square units.',
          ],
        },
      ],
    },
  ],
};
