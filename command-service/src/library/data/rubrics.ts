/**
 * The rubric library every school starts with: categories, each with criteria whose descriptions name the
 * four levels (Novice, Apprentice, Competent, Proficient). A question's tag is 'category - criterion'.
 */
export type SeedRubric = { rubricName: string; criterion: string; levels: [novice: string, apprentice: string, competent: string, proficient: string] };

const category = (rubricName: string, criteria: Record<string, SeedRubric['levels']>): SeedRubric[] =>
  Object.entries(criteria).map(([criterion, levels]) => ({ rubricName, criterion, levels }));

export const describeLevels = ([novice, apprentice, competent, proficient]: SeedRubric['levels']) =>
  `Novice: ${novice}\nApprentice: ${apprentice}\nCompetent: ${competent}\nProficient: ${proficient}`;

export const SEED_RUBRICS: SeedRubric[] = [
  ...category('Problem Solving', {
    'Understanding the Problem': [
      'Restates little of the problem; the question being asked is not identified.',
      'Identifies some given information but misreads what is asked or misses key conditions.',
      'Identifies what is given and what is asked, with minor omissions.',
      'Identifies all given information, conditions and the goal precisely, and notes any assumptions.',
    ],
    'Strategy and Method': [
      'No workable strategy; steps are random or missing.',
      'Chooses a partly suitable method but applies it inconsistently.',
      'Chooses a suitable method and applies it with few errors.',
      'Chooses an efficient method, explains why it fits, and applies it without error.',
    ],
    'Accuracy of Solution': [
      'The answer is missing or wrong, with major calculation errors.',
      'Partly correct; errors in calculation or units affect the result.',
      'Correct answer with at most a minor slip that does not change the result.',
      'Fully correct answer with appropriate units, precision and rounding.',
    ],
    'Checking and Reflection': [
      'No attempt to check the answer.',
      'Mentions checking but does not test the answer against the problem.',
      'Checks the answer for reasonableness or by substitution.',
      'Verifies the answer by an independent method and comments on its meaning or limits.',
    ],
  }),
  ...category('Communication', {
    'Clarity of Explanation': [
      'Ideas are hard to follow; reasoning is not shown.',
      'Some reasoning is shown but key steps are missing or unclear.',
      'Reasoning is clear and complete enough for a reader to follow.',
      'Reasoning is clear, concise and complete; every step is justified.',
    ],
    'Use of Vocabulary and Notation': [
      'Subject vocabulary and notation are missing or misused.',
      'Uses some correct terms and notation, with frequent errors.',
      'Uses subject vocabulary and notation correctly in most places.',
      'Uses precise vocabulary and notation consistently and correctly throughout.',
    ],
    'Organisation': [
      'Work is disorganised; parts of the answer cannot be located.',
      'Some structure, but the order of ideas is confusing.',
      'Logically ordered with clear sections or steps.',
      'Well structured and signposted; each part builds on the last.',
    ],
  }),
  ...category('Conceptual Understanding', {
    'Knowledge of Key Concepts': [
      'Shows major misconceptions about the key concepts.',
      'Recalls some concepts but with misconceptions or gaps.',
      'Shows accurate understanding of the key concepts.',
      'Shows thorough, accurate understanding and can explain the concepts in their own words.',
    ],
    'Application to New Situations': [
      'Cannot apply the concept beyond a memorised example.',
      'Applies the concept to familiar situations with support.',
      'Applies the concept correctly to a new but similar situation.',
      'Applies the concept correctly and flexibly to unfamiliar or complex situations.',
    ],
    'Connections Between Ideas': [
      'Treats ideas in isolation.',
      'Notes that ideas are related without explaining how.',
      'Explains how the main ideas are connected.',
      'Explains connections across topics and uses them to deepen the answer.',
    ],
  }),
  ...category('Scientific Inquiry', {
    'Hypothesis and Prediction': [
      'No hypothesis, or one that cannot be tested.',
      'A hypothesis is stated but is vague or not linked to scientific ideas.',
      'A testable hypothesis with a prediction linked to scientific ideas.',
      'A precise, testable hypothesis with a justified prediction of the expected relationship.',
    ],
    'Experimental Design': [
      'Method is missing or would not test the question.',
      'Method identifies some variables but does not control them.',
      'Method names independent, dependent and control variables and would give valid data.',
      'Method is valid, safe and repeatable, with controls, repeats and a justified range of values.',
    ],
    'Data Analysis': [
      'Data are missing or misrepresented.',
      'Data are recorded but tables or graphs have errors.',
      'Data are recorded and graphed correctly and trends are described.',
      'Data are processed accurately; trends, anomalies and uncertainty are analysed.',
    ],
    'Conclusions and Evaluation': [
      'No conclusion, or one that ignores the data.',
      'A conclusion is stated but is only partly supported by the data.',
      'A conclusion supported by the data, with some evaluation of the method.',
      'A well-supported conclusion linked to theory, with specific improvements and limitations.',
    ],
  }),
  ...category('Writing and Argument', {
    'Thesis and Argument': [
      'No clear position or main idea.',
      'A position is stated but is not sustained.',
      'A clear thesis developed through most of the response.',
      'A precise, insightful thesis sustained and developed throughout.',
    ],
    'Evidence and Analysis': [
      'Little or no evidence; retells rather than analyses.',
      'Some relevant evidence with limited explanation.',
      'Relevant evidence that is explained and linked to the argument.',
      'Well-chosen evidence analysed in depth, including the effect of language and form.',
    ],
    'Structure and Organisation': [
      'No clear paragraphs or order.',
      'Paragraphs are used but transitions and order are weak.',
      'Clear paragraphs with topic sentences and logical order.',
      'Cohesive structure; each paragraph advances the argument with effective transitions.',
    ],
    'Language and Conventions': [
      'Frequent errors in spelling, punctuation and grammar obscure meaning.',
      'Errors are noticeable but meaning is mostly clear.',
      'Generally accurate spelling, punctuation and grammar; suitable style.',
      'Accurate and varied sentences, precise vocabulary and a style suited to purpose and audience.',
    ],
  }),
  ...category('Historical Thinking', {
    'Use of Sources': [
      'Sources are ignored or copied without comment.',
      'Sources are described but not evaluated.',
      'Sources are used as evidence, with some comment on origin and purpose.',
      'Sources are evaluated for reliability and usefulness and compared with each other.',
    ],
    'Causation and Consequence': [
      'Lists events without explaining why they happened.',
      'Identifies causes or consequences with limited explanation.',
      'Explains several causes or consequences and how they led to the outcome.',
      'Explains and weighs causes or consequences, distinguishing long-term from immediate ones.',
    ],
    'Chronology and Context': [
      'Events are out of order or dates are wrong.',
      'Places events in a broadly correct order with some errors.',
      'Places events accurately and relates them to their period.',
      'Uses precise chronology and rich context to explain change and continuity.',
    ],
  }),
  ...category('Computational Thinking', {
    'Decomposition': [
      'Does not break the problem into parts.',
      'Breaks the problem into some parts, but they do not cover the whole task.',
      'Breaks the problem into sensible sub-problems that cover the task.',
      'Breaks the problem into well-defined, reusable sub-problems with clear inputs and outputs.',
    ],
    'Algorithm Design': [
      'Steps are missing or would not solve the problem.',
      'An algorithm that works for some cases only.',
      'A correct algorithm for the stated cases, shown clearly in code, pseudocode or a flowchart.',
      'A correct, efficient algorithm that handles edge cases, with its efficiency explained.',
    ],
    'Code Correctness and Testing': [
      'Code does not run or gives wrong results.',
      'Code runs for simple inputs but fails on others; little testing.',
      'Code gives correct results and is tested with normal inputs.',
      'Code is correct and readable, tested with normal, boundary and invalid inputs.',
    ],
  }),
];
