import type { SeedBook } from './types';

export const BIOLOGY_BOOK: SeedBook = {
  title: 'Cells, Plants and the Human Body',
  subject: 'Biology',
  author: 'Evergrade Authors',
  description:
    'A first biology course for grades 8 to 10. It starts with the cell, the smallest unit of life, follows how green plants capture the energy of sunlight, and then looks at the organ systems that keep the human body fed, supplied with oxygen, coordinated and protected.',
  chapters: [
    {
      title: 'Chapter 1 Cells: The Units of Life',
      sections: [
        {
          heading: '1.1 Cell Theory and the Microscope',
          paragraphs: [
            'In 1665 Robert Hooke looked at a thin slice of cork through an early microscope and saw rows of tiny boxes, which he called cells. Over the next two centuries scientists found cells in every plant and animal they examined. Their observations were summed up in the cell theory: all living things are made of one or more cells, the cell is the basic unit of structure and function in living things, and all cells come from existing cells.',
            'Most cells are far too small to see with the naked eye. A light microscope uses lenses to magnify specimens up to about 1500 times. Magnification is calculated as the size of the image divided by the real size of the object. Electron microscopes, invented in the 1930s, use beams of electrons instead of light and can magnify more than a million times, showing details inside cells that light microscopes cannot resolve.',
            'Cell sizes are measured in micrometres; one micrometre is one thousandth of a millimetre. A typical human cheek cell is about 50 micrometres across, while a bacterium is only one or two micrometres long.',
          ],
        },
        {
          heading: '1.2 Inside Animal and Plant Cells',
          paragraphs: [
            'Animal and plant cells share several parts, called organelles. The nucleus contains the genetic material, DNA, arranged in chromosomes, and it controls the activities of the cell. The cytoplasm is a jelly-like fluid where many chemical reactions take place. The cell membrane surrounds the cell and controls which substances pass in and out. Mitochondria are where aerobic respiration releases energy, and ribosomes are where proteins are made.',
            'Plant cells have three extra structures. A cell wall made of cellulose lies outside the membrane; it is strong and gives the cell a fixed shape. A large permanent vacuole is filled with cell sap and keeps the cell firm. Chloroplasts, found in the green parts of a plant, contain the green pigment chlorophyll, which absorbs light for photosynthesis.',
            'Bacteria are prokaryotic cells: they are much smaller and have no nucleus. Their DNA is a single loop floating in the cytoplasm, and many also carry small rings of DNA called plasmids. Animal and plant cells, which do have a nucleus, are called eukaryotic cells.',
            'In a multicellular organism, cells become specialised for particular jobs. Red blood cells have no nucleus, leaving more room to carry oxygen; nerve cells are long and thin to carry signals; root hair cells have a long projection that increases the surface for absorbing water. Similar cells working together form a tissue, tissues form organs, and organs work together in organ systems.',
          ],
        },
        {
          heading: '1.3 Diffusion, Osmosis and Active Transport',
          paragraphs: [
            'Substances move into and out of cells in three main ways. Diffusion is the net movement of particles from a region where they are in higher concentration to a region where they are in lower concentration. It needs no energy from the cell. Oxygen diffuses into cells that are using it up, and carbon dioxide diffuses out. Diffusion is faster when the concentration gradient is steeper, the temperature is higher and the surface area is larger.',
            'Osmosis is a special case: the diffusion of water molecules across a partially permeable membrane, from a dilute solution to a more concentrated solution. A plant cell placed in pure water takes in water by osmosis and becomes turgid, pressing against its cell wall. In a strong sugar solution it loses water and becomes flaccid. An animal cell has no wall to protect it, so in pure water it can swell and burst.',
            'Active transport moves substances against a concentration gradient, from a low concentration to a high one. It needs energy from respiration and carrier proteins in the membrane. Root hair cells use active transport to take up mineral ions from soil water, where these ions are scarcer than inside the root.',
          ],
        },
      ],
    },
    {
      title: 'Chapter 2 Photosynthesis and Respiration',
      sections: [
        {
          heading: '2.1 How Plants Make Their Food',
          paragraphs: [
            'Green plants make their own food by photosynthesis. In the chloroplasts of leaf cells, chlorophyll absorbs light energy, which is used to combine carbon dioxide and water into glucose. Oxygen is released as a by-product. The word equation is: carbon dioxide + water -> glucose + oxygen, with light and chlorophyll written above the arrow. The balanced symbol equation is 6CO2 + 6H2O -> C6H12O6 + 6O2.',
            'Leaves are adapted for this job. They are broad and thin, giving a large surface to catch light and a short distance for gases to diffuse. Tiny pores called stomata, mostly on the lower surface, let carbon dioxide in and oxygen out, and guard cells open and close them. Veins bring water from the roots through xylem vessels and carry sugars away in the phloem.',
            'A plant uses its glucose in many ways: for respiration, to build cellulose for cell walls, to make proteins by combining it with nitrate ions from the soil, and to store as starch. A simple test shows that a leaf has photosynthesised: after it is boiled and decolourised in ethanol, iodine solution turns blue-black where starch is present.',
          ],
        },
        {
          heading: '2.2 Limiting Factors of Photosynthesis',
          paragraphs: [
            'The rate of photosynthesis depends on the conditions around the plant. Light intensity, carbon dioxide concentration and temperature can each limit the rate. Whichever factor is in shortest supply is called the limiting factor: increasing it speeds up photosynthesis, while increasing the others makes no difference.',
            'At dawn, light is usually the limiting factor. On a bright summer afternoon the limit may be carbon dioxide, which makes up only about 0.04 percent of the air. Temperature matters because photosynthesis is controlled by enzymes; it speeds up as the leaf warms, but above about 40 degrees Celsius the enzymes are damaged and the rate falls.',
            'Growers use these ideas in greenhouses. They add lamps for longer days, burn paraffin heaters that both warm the air and release carbon dioxide, and keep the temperature in the best range, so that their crops grow faster. The extra cost is only worth paying while the factor being raised is really the one limiting growth.',
          ],
        },
        {
          heading: '2.3 Cellular Respiration',
          paragraphs: [
            'Every living cell needs a constant supply of energy for movement, growth, keeping warm and building large molecules. This energy is released from glucose by respiration, a series of reactions controlled by enzymes. Respiration is not the same as breathing: breathing moves air in and out of the lungs, while respiration is a chemical process happening in every cell.',
            'Aerobic respiration uses oxygen and takes place mainly in the mitochondria: glucose + oxygen -> carbon dioxide + water, releasing a large amount of energy. The energy is stored for a short time in a molecule called ATP, which the cell can use quickly.',
            'When oxygen runs short, cells can respire without it. During hard exercise, muscle cells carry out anaerobic respiration: glucose -> lactic acid. This releases much less energy, and the lactic acid must later be broken down using extra oxygen, called the oxygen debt, which is why we keep breathing hard after a race. Yeast respires anaerobically to make ethanol and carbon dioxide, a process called fermentation that is used in baking and brewing.',
          ],
        },
      ],
    },
    {
      title: 'Chapter 3 Digestion and Circulation',
      sections: [
        {
          heading: '3.1 The Digestive System',
          paragraphs: [
            'Food contains large, insoluble molecules such as starch, proteins and fats, which cannot pass through the wall of the gut into the blood. Digestion breaks them down into small, soluble molecules. Chewing in the mouth breaks food into smaller pieces, and chemical digestion is carried out by enzymes, biological catalysts that speed up reactions without being used up.',
            'Each enzyme works on one kind of molecule. Amylase, made in the salivary glands and the pancreas, breaks starch into sugars. Protease enzymes such as pepsin in the stomach break proteins into amino acids. Lipase breaks fats into fatty acids and glycerol. The stomach makes hydrochloric acid, which kills bacteria and gives pepsin the acidic conditions it works best in. Bile, made in the liver and stored in the gall bladder, neutralises the acid and breaks fat into small droplets.',
            'The small intestine finishes digestion and absorbs the products into the blood. Its lining is covered with millions of finger-like villi, which give it an enormous surface area, a wall only one cell thick and a rich supply of blood capillaries. The large intestine then absorbs water from what remains, and the undigested waste leaves the body as faeces.',
          ],
        },
        {
          heading: '3.2 The Heart and Blood Vessels',
          paragraphs: [
            'The circulatory system carries oxygen, glucose and other substances around the body and removes waste. It is a double circulation: blood passes through the heart twice on each complete journey. The right side of the heart pumps deoxygenated blood to the lungs, and the left side pumps oxygenated blood to the rest of the body.',
            'The heart is made of cardiac muscle, which contracts without tiring throughout life. It has four chambers: two atria at the top receive blood, and two ventricles below pump it out. The wall of the left ventricle is thicker than the right because it must push blood all round the body. Valves between the chambers and at the exits stop blood flowing backwards. The heart muscle itself is supplied by the coronary arteries.',
            'Blood travels in three kinds of vessel. Arteries carry blood away from the heart at high pressure, so they have thick, muscular, elastic walls. Veins return blood to the heart at low pressure; they have thinner walls, a wider channel and valves. Capillaries are tiny vessels with walls one cell thick, where substances pass between the blood and the tissues.',
          ],
        },
        {
          heading: '3.3 Blood and Its Components',
          paragraphs: [
            'Blood is a tissue made of cells floating in a pale yellow liquid called plasma. Plasma carries dissolved substances: glucose and amino acids from the small intestine, carbon dioxide to the lungs, urea to the kidneys, and hormones to their target organs.',
            'Red blood cells carry oxygen. They contain haemoglobin, a red protein that combines with oxygen in the lungs and releases it in the tissues. Their biconcave disc shape gives a large surface area, and having no nucleus leaves more space for haemoglobin.',
            'White blood cells defend the body against disease, as described in section 4.3. Platelets are small fragments of cells that help blood to clot at a wound, sealing it to stop bleeding and to keep microorganisms out.',
          ],
        },
      ],
    },
    {
      title: 'Chapter 4 Breathing, Nerves and Defence',
      sections: [
        {
          heading: '4.1 The Lungs and Gas Exchange',
          paragraphs: [
            'Air enters through the nose and mouth and passes down the trachea, which divides into two bronchi, one to each lung. The bronchi branch into smaller and smaller tubes called bronchioles, which end in millions of tiny air sacs called alveoli. Rings of cartilage keep the trachea open.',
            'Gas exchange takes place in the alveoli. Oxygen diffuses from the air in the alveoli into the blood in the surrounding capillaries, and carbon dioxide diffuses the other way. The alveoli are well suited to this: together they have a huge surface area, their walls are only one cell thick, they are moist, and a good blood supply keeps the concentration gradients steep.',
            'Breathing is brought about by muscles. To breathe in, the intercostal muscles between the ribs contract, moving the ribcage up and out, while the diaphragm contracts and flattens. The volume of the chest increases, the pressure inside falls, and air is pushed in from outside. Breathing out reverses these movements.',
          ],
        },
        {
          heading: '4.2 The Nervous System and Reflexes',
          paragraphs: [
            'The nervous system lets us respond quickly to changes around us, called stimuli. Receptors in the sense organs detect stimuli such as light, sound, touch and chemicals. Information travels as electrical impulses along nerve cells, or neurones, to the central nervous system, made up of the brain and spinal cord, which coordinates a response by effectors: muscles that contract or glands that release substances.',
            'Neurones are long so that they can carry impulses over large distances, and many are wrapped in a fatty sheath that speeds the impulses up. Where two neurones meet there is a tiny gap called a synapse; a chemical released by the first neurone diffuses across the gap and starts an impulse in the next.',
            'A reflex is an automatic, very fast response that does not involve the conscious part of the brain. If you touch a hot plate, the impulse travels along a sensory neurone to the spinal cord, through a relay neurone, and out along a motor neurone to a muscle that pulls your hand away. This pathway is called a reflex arc, and because it is short it protects the body from harm before you even feel pain.',
          ],
        },
        {
          heading: '4.3 The Immune System',
          paragraphs: [
            'Pathogens are microorganisms that cause disease: bacteria, viruses, fungi and protists. The body has several lines of defence. The skin is a barrier, the nose traps particles in mucus, the trachea is lined with cilia that sweep mucus away, and the stomach acid kills many microbes that are swallowed.',
            'If pathogens get past these barriers, white blood cells respond. Some engulf and digest pathogens, a process called phagocytosis. Others, called lymphocytes, make antibodies: proteins that fit the antigens on the surface of one particular pathogen and help to destroy it. Some lymphocytes also make antitoxins that neutralise the poisons bacteria release.',
            'After an infection, memory cells remain in the blood and can make the right antibodies very quickly if the same pathogen returns, so the person is immune. Vaccination uses this: a dead or weakened form of a pathogen is injected so the body makes memory cells without suffering the disease. Antibiotics such as penicillin kill bacteria but have no effect on viruses.',
          ],
        },
      ],
    },
  ],
};
