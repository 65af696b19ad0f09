import type { SeedBook } from './types';

export const PHYSICS_BOOK: SeedBook = {
  title: 'Motion, Forces and Energy',
  subject: 'Physics',
  author: 'Evergrade Authors',
  description:
    'A first physics course for grades 8 to 10. It describes how things move, explains why they speed up, slow down or turn, and follows energy as it is transferred from one store to another. Each section ends with the ideas a student should be able to use in a problem.',
  chapters: [
    {
      title: 'Chapter 1 Describing Motion',
      sections: [
        {
          heading: '1.1 Distance and Displacement',
          paragraphs: [
            'Before we can explain motion we need words that describe it precisely. Distance is how far an object travels along its path, whatever turns it takes. Displacement is the straight-line change in position from the starting point to the finishing point, together with its direction. A runner who completes one lap of a 400 metre track covers a distance of 400 metres, but because she finishes where she started, her displacement is zero.',
            'Distance is a scalar quantity: it has size (magnitude) only. Displacement is a vector quantity: it has both magnitude and direction. We often show a vector as an arrow whose length gives the magnitude and whose point gives the direction. Directions can be written as north or south, left or right, or simply as positive and negative along a chosen line.',
            'In physics, lengths are measured in metres (m). A frame of reference is the point and the directions we measure from. A passenger sitting in a moving train is at rest relative to the train but moving relative to the platform, so every description of motion depends on the frame of reference we choose.',
          ],
        },
        {
          heading: '1.2 Speed and Velocity',
          paragraphs: [
            'Speed tells us how quickly distance is covered. Average speed is the total distance travelled divided by the total time taken: speed = distance / time, or v = d / t. Its unit is metres per second (m/s). A cyclist who rides 3000 m in 600 s has an average speed of 3000 / 600 = 5 m/s. Speeds in everyday life are often given in kilometres per hour; to change km/h into m/s, divide by 3.6.',
            'A car speedometer shows instantaneous speed, the speed at one moment. During a journey the instantaneous speed changes many times, while the average speed describes the whole trip. Typical speeds are worth remembering: walking is about 1.5 m/s, running about 3 m/s, and sound in air travels at about 340 m/s.',
            'Velocity is speed in a stated direction, so it is a vector. Two cars driving at 20 m/s on opposite sides of a road have the same speed but different velocities. An object moving in a circle at a steady speed has a changing velocity, because its direction keeps changing. Average velocity is displacement divided by time.',
          ],
        },
        {
          heading: '1.3 Acceleration',
          paragraphs: [
            'Acceleration is the rate at which velocity changes. It is found by dividing the change in velocity by the time the change takes: a = (v - u) / t, where u is the initial velocity and v the final velocity. Because velocity is measured in m/s and time in s, acceleration is measured in metres per second squared (m/s^2).',
            'A sprinter who goes from rest to 10 m/s in 2 s has an acceleration of (10 - 0) / 2 = 5 m/s^2: every second her velocity grows by 5 m/s. When an object slows down, the change in velocity is negative and so is the acceleration. This is called deceleration. A bus braking from 15 m/s to rest in 5 s has an acceleration of -3 m/s^2.',
            'Near the surface of the Earth, any object falling freely, with air resistance small enough to ignore, accelerates downwards at about 9.8 m/s^2. This value is called the acceleration due to gravity and is written g. In calculations it is often rounded to 10 m/s^2.',
          ],
        },
        {
          heading: '1.4 Distance-Time and Velocity-Time Graphs',
          paragraphs: [
            'Graphs show a whole journey at a glance. On a distance-time graph, time goes along the horizontal axis and distance up the vertical axis. A horizontal line means the object is stationary. A straight sloping line means a constant speed, and the gradient (steepness) of the line equals the speed. A curve that gets steeper shows an object that is speeding up.',
            'On a velocity-time graph the gradient gives the acceleration instead. A horizontal line now means constant velocity, not rest. A line sloping upwards shows steady acceleration and a line sloping downwards shows deceleration.',
            'The area under a velocity-time graph equals the distance travelled. For a car that accelerates steadily from rest to 20 m/s in 10 s, the area is a triangle: one half times 10 s times 20 m/s, which is 100 m. Reading gradients and areas from graphs is one of the most useful skills in mechanics.',
          ],
        },
      ],
    },
    {
      title: "Chapter 2 Forces and Newton's Laws",
      sections: [
        {
          heading: '2.1 What Is a Force?',
          paragraphs: [
            'A force is a push or a pull that one object exerts on another. Forces can change the speed of an object, its direction of motion or its shape. Force is measured in newtons (N), named after Isaac Newton, and it can be measured with a spring balance called a newtonmeter.',
            'Contact forces act only when objects touch: friction, air resistance, tension in a rope and the normal contact force of a surface pushing back on an object resting on it. Non-contact forces act at a distance: gravitational, magnetic and electrostatic forces pull or push without touching.',
            'Because a force has a direction as well as a size, it is a vector. A free-body diagram shows one object as a dot or a box with an arrow for each force acting on it. When several forces act, we add them to find the resultant force. If the forces cancel out, they are balanced and the resultant force is zero; if they do not cancel, they are unbalanced.',
          ],
        },
        {
          heading: "2.2 Newton's First Law and Inertia",
          paragraphs: [
            "Newton's first law states that an object stays at rest, or keeps moving at a constant velocity in a straight line, unless a resultant force acts on it. A hockey puck sliding on smooth ice travels a long way because almost no force opposes it. On a rough floor the same puck stops quickly, because friction is an unbalanced force that slows it down.",
            'The tendency of an object to resist any change in its motion is called inertia. The more mass an object has, the greater its inertia: a loaded lorry is much harder to start and to stop than a bicycle. When a car brakes suddenly, the passengers keep moving forward because of their inertia, which is why seat belts are needed.',
            "The first law also tells us that constant velocity does not need a resultant force. A parachutist falling at a steady speed, or a car cruising on a motorway, has balanced forces acting on it. A resultant force is only needed to change the motion.",
          ],
        },
        {
          heading: "2.3 Newton's Second Law",
          paragraphs: [
            "Newton's second law connects force, mass and acceleration. The acceleration of an object is proportional to the resultant force on it and inversely proportional to its mass. As an equation: F = m x a, where F is the resultant force in newtons, m the mass in kilograms and a the acceleration in m/s^2. One newton is the force that gives a mass of 1 kg an acceleration of 1 m/s^2.",
            'Doubling the resultant force doubles the acceleration; doubling the mass halves it. For example, a resultant force of 600 N acting on a 1200 kg car gives an acceleration of 600 / 1200 = 0.5 m/s^2. Rearranged, the equation gives a = F / m and m = F / a.',
            'Always use the resultant force. If an engine gives a push of 900 N while friction and air resistance together give 300 N backwards, the resultant is 600 N forwards, and that is the figure to put into F = m x a.',
          ],
        },
        {
          heading: "2.4 Newton's Third Law",
          paragraphs: [
            "Newton's third law says that when object A exerts a force on object B, object B exerts a force on object A that is equal in size and opposite in direction. Forces always come in these interaction pairs. When you push against a wall, the wall pushes back on your hands with the same force.",
            'The two forces of a pair act on different objects and are of the same type. A rocket engine pushes hot exhaust gases backwards, and the gases push the rocket forwards; this is how rockets move in space, where there is no air to push against. When you swim, your hands push water backwards and the water pushes you forwards.',
            'Third-law pairs never cancel each other, because they act on different bodies. The weight of a book and the table pushing up on it are equal and opposite, but they are not a third-law pair: both act on the book. The pair of the book\'s weight is the book pulling the Earth upwards.',
          ],
        },
      ],
    },
    {
      title: 'Chapter 3 Gravity, Weight and Friction',
      sections: [
        {
          heading: '3.1 Mass and Weight',
          paragraphs: [
            'Mass and weight are often confused in everyday speech, but in physics they are different. Mass is the amount of matter in an object, measured in kilograms. It is the same everywhere in the universe. Weight is the gravitational force pulling the object towards a planet or moon, so it is measured in newtons and depends on where the object is.',
            'Weight is calculated with W = m x g, where g is the gravitational field strength in newtons per kilogram. On Earth g is about 9.8 N/kg, so a 50 kg student weighs about 490 N. On the Moon g is only about 1.6 N/kg, and the same student would weigh about 80 N while keeping the same mass of 50 kg.',
            'Astronauts in orbit are said to be weightless, but gravity still acts on them. They float because they and their spacecraft are falling around the Earth together, so nothing presses against them. Weight is measured with a newtonmeter or bathroom scales, and mass with a balance that compares one object with known masses.',
          ],
        },
        {
          heading: '3.2 Friction and Air Resistance',
          paragraphs: [
            'Friction is a force that opposes motion when two surfaces slide, or try to slide, over each other. It is caused by tiny bumps on the surfaces catching on each other. Rough surfaces such as sandpaper or rubber on dry tarmac give large friction, and lubricants such as oil reduce it by keeping the surfaces apart.',
            'Friction is often useful. Without it shoes would slip, car tyres could not grip the road, and brakes could not stop a wheel. It also has costs: friction in machines wastes energy by heating the moving parts and wears them away.',
            'Air resistance, or drag, is friction with the air. It grows as speed increases. A skydiver who jumps from a plane first accelerates because her weight is much bigger than the drag. As she speeds up, the drag grows until it equals her weight. The forces are then balanced and she falls at a steady speed called terminal velocity. Opening the parachute increases the drag, she slows down, and she reaches a new, much lower terminal velocity.',
          ],
        },
      ],
    },
    {
      title: 'Chapter 4 Energy, Work and Power',
      sections: [
        {
          heading: '4.1 Work and Energy Transfer',
          paragraphs: [
            'Energy is what allows things to happen. It is stored in several ways, called energy stores: kinetic (movement), gravitational potential (height), elastic potential (stretched or squashed objects), chemical (fuels, food and batteries), thermal (hot objects) and nuclear. Energy is transferred between stores by forces, by electric currents, by heating and by waves such as light and sound.',
            'When a force moves an object, the force does work and energy is transferred. Work done equals force multiplied by the distance moved in the direction of the force: W = F x d. Work and energy are both measured in joules (J). One joule is the work done when a force of one newton moves an object one metre.',
            'Pushing a trolley with a force of 50 N for 20 m does 50 x 20 = 1000 J of work. Holding a heavy bag still, however tiring, does no work on the bag, because it does not move.',
          ],
        },
        {
          heading: '4.2 Kinetic and Potential Energy',
          paragraphs: [
            'Every moving object has energy in its kinetic store. Kinetic energy depends on mass and on speed: KE = (1/2) x m x v^2. Because the speed is squared, it matters far more than the mass. Doubling the speed of a car makes its kinetic energy four times larger, which is why stopping distances grow so quickly with speed.',
            'An object raised above the ground has energy in its gravitational potential store. Gravitational potential energy is GPE = m x g x h, where h is the change in height in metres. Lifting a 2 kg book onto a shelf 1.5 m high stores 2 x 10 x 1.5 = 30 J, taking g as 10 N/kg.',
            'A stretched spring, a drawn bow or a squashed ball stores elastic potential energy. When it is released, that energy is transferred to the kinetic store of the arrow or the ball.',
          ],
        },
        {
          heading: '4.3 Conservation of Energy and Efficiency',
          paragraphs: [
            'The law of conservation of energy states that energy cannot be created or destroyed; it can only be transferred from one store to another. The total energy of a closed system stays the same. When a ball is dropped, energy moves from the gravitational store to the kinetic store; when it hits the floor, some ends up in the thermal store of the ball and the floor, and some is carried away as sound.',
            'Not all of the energy transferred by a device ends up where we want it. The rest is wasted, usually by heating the surroundings, and it spreads out so that it is hard to use again. A filament lamp transfers most of its electrical energy to heat rather than light.',
            'Efficiency measures how much of the input energy is usefully transferred: efficiency = useful energy output / total energy input. It is often given as a percentage. If an electric motor takes in 500 J of electrical energy and transfers 400 J to the gravitational store of the load it lifts, its efficiency is 400 / 500 = 0.8, or 80 percent. No real machine is 100 percent efficient.',
          ],
        },
        {
          heading: '4.4 Power',
          paragraphs: [
            'Power is the rate at which energy is transferred, or the rate at which work is done. Power = energy transferred / time, or P = E / t. It is measured in watts (W); one watt is one joule per second. A 60 W lamp transfers 60 J of energy every second, and a 2 kW kettle transfers 2000 J every second.',
            'Two students of the same weight who run up the same staircase do the same amount of work, but the one who gets to the top first has the greater power. If each does 3000 J of work and one takes 6 s while the other takes 10 s, their powers are 500 W and 300 W.',
            'Electricity bills are based on the energy used, measured in kilowatt-hours. One kilowatt-hour is the energy a 1 kW appliance transfers in one hour: 1000 W x 3600 s = 3 600 000 J.',
          ],
        },
      ],
    },
  ],
};
