import type { CefrLevel } from '@tokenly/contract/levels';
import type { PlacementSkill } from '@tokenly/contract/placement';

/**
 * The placement test's item bank as shipped with the product, written for Tokenly English. Loaded into
 * placement_items by key (a key already there is left as the administrator keeps it), so the school can
 * retire or add items without a release. Each item has one right answer, `answer`, which is one of its
 * `options` exactly once (item-bank.test.ts checks it); the options are shown in this order.
 */
export type BankItem = {
  key: string;
  level: CefrLevel;
  skill: PlacementSkill;
  passage?: string;
  question: string;
  options: string[];
  answer: string;
};

const g = (key: string, level: CefrLevel, question: string, options: string[], answer: string): BankItem => ({
  key,
  level,
  skill: 'grammar',
  question,
  options,
  answer,
});
const v = (key: string, level: CefrLevel, question: string, options: string[], answer: string): BankItem => ({
  key,
  level,
  skill: 'vocabulary',
  question,
  options,
  answer,
});
const r = (
  key: string,
  level: CefrLevel,
  passage: string,
  question: string,
  options: string[],
  answer: string,
): BankItem => ({ key, level, skill: 'reading', passage, question, options, answer });

const A1_CAFE =
  'Hi, I am Tom. I live in a small flat in Leeds with my sister, Anna. I work in a café. I start work at seven in the morning. On Sundays I do not work. I play football with my friends in the park.';
const A1_NOTE =
  'Dear Mum, I am at the library. I will be home at six. There is pizza in the fridge for dinner. Please feed the cat. Love, Sara';
const A2_EMAIL =
  'Hello Jack, thanks for your message. I am sorry I missed your party last Saturday. My train from Manchester was two hours late, so I went straight home to bed. Can we meet next week instead? I am free on Tuesday and Thursday evenings. Best wishes, Priya';
const A2_SIGN =
  'City Swimming Pool. Open Monday to Friday 7:00–21:00, weekends 9:00–18:00. Children under 8 must swim with an adult. Lockers need a one-euro coin, which you get back. The café closes one hour before the pool.';
const B1_BLOG =
  'When I moved to Lisbon for work, I thought I would pick up Portuguese just by living there. I was wrong. Most of my colleagues spoke English, and I was too shy to practise in shops. After six months I could only order coffee. Things changed when I joined a hiking group where nobody spoke English. Within weeks I was chatting, making mistakes and laughing about them.';
const B1_NOTICE =
  'From 1 March, staff who cycle to work can use the new bike room in the basement. It is open from 6:30 to 20:00 and you will need your staff card to get in. There are showers next to it, but please bring your own towel. Bikes left overnight will be moved to the storage area.';
const B2_ARTICLE =
  'Remote work was once seen as a perk for a lucky few. Today many companies offer it as standard, yet the picture is mixed. Employees report saving hours each week on commuting, but some also say the line between work and home has blurred, and that they find it harder to switch off. Managers, meanwhile, worry less about productivity than about how new staff learn the unwritten rules of a workplace they rarely visit.';
const B2_REVIEW =
  'The restaurant has clearly put its money into the decor: the dining room is stunning, all dark wood and soft light. Sadly, the food does not live up to the setting. My fish was overcooked and the sauce, though pleasant, could not rescue it. Service was friendly but slow, and at these prices diners are entitled to expect more. Worth a visit for a drink at the bar, perhaps, but not yet for dinner.';
const C1_ESSAY =
  'It is tempting to assume that more choice always makes consumers better off. Yet a growing body of research suggests otherwise. Faced with dozens of nearly identical options, shoppers often delay decisions, or make none at all, and those who do choose tend to be less satisfied, haunted by the possibility that another option would have served them better. None of this means that choice is harmful in itself; rather, its benefits appear to level off, and eventually reverse, beyond a certain point.';
const C1_HISTORY =
  'The town owes its prosperity less to any natural advantage than to a single decision taken in 1841, when the railway company, unable to buy land in the neighbouring city, routed its line through what was then a village of a few hundred people. Within a generation the population had increased tenfold. Local historians have tended to credit the foresight of the village council, but the surviving records suggest the council opposed the line until it was clear that objection was futile.';
const C2_CRITIC =
  'To call the novel ambitious would be an understatement; to call it successful would be a stretch. Its author juggles four narrators across three centuries, and if the voices are distinct, the connections between them are asserted rather than earned. One finishes the book admiring its architecture while suspecting that the building was never meant to be lived in. That said, the final chapter, in which the threads are not so much tied together as quietly let go, is as moving as anything published this year.';
const C2_SCIENCE =
  'Few ideas in psychology have been as widely publicised, or as thoroughly qualified, as the claim that willpower is a finite resource that is depleted by use. Early studies seemed compelling, but large replication efforts have produced effects close to zero. Defenders of the theory counter that the replications used tasks too mild to tire anyone out. The dispute is unlikely to be settled soon, not least because the two camps disagree about what would count as a fair test.';

export const ITEM_BANK: BankItem[] = [
  // A1
  g('a1-g1', 'A1', 'She ___ a teacher.', ['am', 'is', 'are', 'be'], 'is'),
  g('a1-g2', 'A1', 'I ___ coffee every morning.', ['drink', 'drinks', 'drinking', 'am drink'], 'drink'),
  g('a1-g3', 'A1', 'There ___ two books on the table.', ['is', 'be', 'are', 'am'], 'are'),
  g('a1-g4', 'A1', '___ you like pizza?', ['Does', 'Are', 'Is', 'Do'], 'Do'),
  g('a1-g5', 'A1', 'This is ___ apple.', ['a', 'an', 'two', 'these'], 'an'),
  g('a1-g6', 'A1', 'My brother ___ not like fish.', ['do', 'is', 'does', 'are'], 'does'),
  g('a1-g7', 'A1', 'We go to school ___ bus.', ['in', 'by', 'on', 'at'], 'by'),
  v(
    'a1-v1',
    'A1',
    'Monday, Tuesday, Wednesday, ___',
    ['Friday', 'Sunday', 'Thursday', 'Saturday'],
    'Thursday',
  ),
  v('a1-v2', 'A1', 'Your mother’s sister is your ___.', ['aunt', 'uncle', 'cousin', 'grandmother'], 'aunt'),
  v('a1-v3', 'A1', 'You sleep in a ___.', ['kitchen', 'bed', 'table', 'car'], 'bed'),
  v('a1-v4', 'A1', 'The opposite of “hot” is ___.', ['big', 'old', 'cold', 'slow'], 'cold'),
  v('a1-v5', 'A1', 'We eat breakfast in the ___.', ['morning', 'night', 'week', 'year'], 'morning'),
  v('a1-v6', 'A1', 'Ten plus five is ___.', ['fifty', 'fifteen', 'five', 'fourteen'], 'fifteen'),
  v('a1-v7', 'A1', 'You read a ___.', ['book', 'chair', 'window', 'shoe'], 'book'),
  r(
    'a1-r1',
    'A1',
    A1_CAFE,
    'Where does Tom work?',
    ['In a park', 'In a café', 'In a shop', 'In a school'],
    'In a café',
  ),
  r(
    'a1-r2',
    'A1',
    A1_CAFE,
    'Who does Tom live with?',
    ['His friends', 'His mother', 'His sister', 'Nobody'],
    'His sister',
  ),
  r(
    'a1-r3',
    'A1',
    A1_CAFE,
    'When does Tom not work?',
    ['On Sundays', 'On Mondays', 'In the morning', 'Every day'],
    'On Sundays',
  ),
  r(
    'a1-r4',
    'A1',
    A1_NOTE,
    'Where is Sara now?',
    ['At home', 'At school', 'At the library', 'At a café'],
    'At the library',
  ),
  r('a1-r5', 'A1', A1_NOTE, 'What is for dinner?', ['Fish', 'Pizza', 'Soup', 'Pasta'], 'Pizza'),
  r(
    'a1-r6',
    'A1',
    A1_NOTE,
    'What must Mum do?',
    ['Feed the cat', 'Buy pizza', 'Go to the library', 'Cook dinner'],
    'Feed the cat',
  ),

  // A2
  g('a2-g1', 'A2', 'Yesterday I ___ to the cinema.', ['go', 'went', 'gone', 'going'], 'went'),
  g('a2-g2', 'A2', 'She is ___ than her brother.', ['tall', 'tallest', 'more tall', 'taller'], 'taller'),
  g('a2-g3', 'A2', 'Look! It ___.', ['rains', 'is raining', 'rain', 'rained'], 'is raining'),
  g('a2-g4', 'A2', 'How ___ money do you have?', ['many', 'much', 'long', 'often'], 'much'),
  g(
    'a2-g5',
    'A2',
    'I ___ visit my grandmother next weekend.',
    ['am going to', 'went', 'have visited', 'was'],
    'am going to',
  ),
  g('a2-g6', 'A2', 'We didn’t ___ the film.', ['liked', 'likes', 'like', 'liking'], 'like'),
  g(
    'a2-g7',
    'A2',
    'You ___ wear a seat belt in the car. It’s the law.',
    ['must', 'can', 'might', 'would'],
    'must',
  ),
  v('a2-v1', 'A2', 'I need to ___ a room at the hotel.', ['make', 'book', 'do', 'take'], 'book'),
  v('a2-v2', 'A2', 'A person who flies a plane is a ___.', ['driver', 'sailor', 'pilot', 'guide'], 'pilot'),
  v('a2-v3', 'A2', 'It’s very cold. Put on your ___.', ['coat', 'sandals', 'swimsuit', 'sunglasses'], 'coat'),
  v('a2-v4', 'A2', 'I’m ___ because I didn’t eat lunch.', ['tired', 'hungry', 'thirsty', 'bored'], 'hungry'),
  v(
    'a2-v5',
    'A2',
    'The train ___ at 9:15, so don’t be late.',
    ['leaves', 'stays', 'waits', 'arrives'],
    'leaves',
  ),
  v('a2-v6', 'A2', 'You can buy medicine at a ___.', ['bakery', 'pharmacy', 'library', 'garage'], 'pharmacy'),
  v('a2-v7', 'A2', 'Can you ___ me your pen, please?', ['borrow', 'lend', 'take', 'bring'], 'lend'),
  r(
    'a2-r1',
    'A2',
    A2_EMAIL,
    'Why did Priya miss the party?',
    ['She was ill', 'Her train was late', 'She forgot', 'She was working'],
    'Her train was late',
  ),
  r(
    'a2-r2',
    'A2',
    A2_EMAIL,
    'What does Priya want to do?',
    ['Have a party', 'Visit Manchester', 'Meet Jack next week', 'Take a train with Jack'],
    'Meet Jack next week',
  ),
  r(
    'a2-r3',
    'A2',
    A2_EMAIL,
    'When is Priya free?',
    ['On Tuesday and Thursday evenings', 'On Saturday', 'Every morning', 'At the weekend'],
    'On Tuesday and Thursday evenings',
  ),
  r(
    'a2-r4',
    'A2',
    A2_SIGN,
    'When does the pool open on Saturday?',
    ['At 7:00', 'At 9:00', 'At 18:00', 'It is closed'],
    'At 9:00',
  ),
  r(
    'a2-r5',
    'A2',
    A2_SIGN,
    'Who must swim with an adult?',
    ['Everyone', 'Children under 8', 'Children over 8', 'Visitors at weekends'],
    'Children under 8',
  ),
  r(
    'a2-r6',
    'A2',
    A2_SIGN,
    'What happens to the coin for the locker?',
    ['The pool keeps it', 'You get it back', 'It pays for the café', 'You need two'],
    'You get it back',
  ),

  // B1
  g(
    'b1-g1',
    'B1',
    'I ___ in this city since 2019.',
    ['live', 'am living', 'have lived', 'lived'],
    'have lived',
  ),
  g(
    'b1-g2',
    'B1',
    'If it rains tomorrow, we ___ at home.',
    ['stay', 'will stay', 'would stay', 'stayed'],
    'will stay',
  ),
  g(
    'b1-g3',
    'B1',
    'While I ___ dinner, the phone rang.',
    ['cooked', 'was cooking', 'have cooked', 'cook'],
    'was cooking',
  ),
  g(
    'b1-g4',
    'B1',
    'This bridge ___ in 1890.',
    ['built', 'was built', 'has built', 'is building'],
    'was built',
  ),
  g('b1-g5', 'B1', 'The woman ___ lives next door is a doctor.', ['which', 'who', 'what', 'whose'], 'who'),
  g(
    'b1-g6',
    'B1',
    'You ___ bring food. There will be plenty at the party.',
    ['mustn’t', 'don’t have to', 'can’t', 'shouldn’t to'],
    'don’t have to',
  ),
  g('b1-g7', 'B1', 'I’m looking forward to ___ you.', ['see', 'seeing', 'saw', 'be seen'], 'seeing'),
  v(
    'b1-v1',
    'B1',
    'Could you ___ the music down? I’m trying to work.',
    ['turn', 'put', 'take', 'set'],
    'turn',
  ),
  v(
    'b1-v2',
    'B1',
    'She applied for the job, but she didn’t get an ___.',
    ['invitation', 'interview', 'advice', 'agreement'],
    'interview',
  ),
  v(
    'b1-v3',
    'B1',
    'The flight was ___ because of the storm.',
    ['cancelled', 'missed', 'stopped', 'lost'],
    'cancelled',
  ),
  v('b1-v4', 'B1', 'I’m not used to ___ up so early.', ['wake', 'waking', 'woke', 'woken'], 'waking'),
  v(
    'b1-v5',
    'B1',
    'He ___ his driving test on the first try.',
    ['won', 'passed', 'succeeded', 'earned'],
    'passed',
  ),
  v('b1-v6', 'B1', 'Let’s ___ a decision before Friday.', ['do', 'have', 'make', 'get'], 'make'),
  v(
    'b1-v7',
    'B1',
    'The museum is free, so you don’t need to pay an entrance ___.',
    ['fee', 'price', 'cost', 'bill'],
    'fee',
  ),
  r(
    'b1-r1',
    'B1',
    B1_BLOG,
    'Why did the writer learn little Portuguese at first?',
    [
      'The classes were too hard',
      'Colleagues spoke English and the writer was shy',
      'The writer did not stay long',
      'Nobody in Lisbon spoke to the writer',
    ],
    'Colleagues spoke English and the writer was shy',
  ),
  r(
    'b1-r2',
    'B1',
    B1_BLOG,
    'What helped the writer most?',
    ['A language app', 'A hiking group', 'Working in a shop', 'A teacher at work'],
    'A hiking group',
  ),
  r(
    'b1-r3',
    'B1',
    B1_BLOG,
    'How did the writer feel about making mistakes in the end?',
    ['Embarrassed', 'Angry', 'Relaxed about them', 'Afraid to speak'],
    'Relaxed about them',
  ),
  r(
    'b1-r4',
    'B1',
    B1_NOTICE,
    'What do staff need to enter the bike room?',
    ['A key', 'A towel', 'Their staff card', 'A password'],
    'Their staff card',
  ),
  r(
    'b1-r5',
    'B1',
    B1_NOTICE,
    'What should staff bring if they want a shower?',
    ['A bike lock', 'Their own towel', 'Soap', 'Nothing'],
    'Their own towel',
  ),
  r(
    'b1-r6',
    'B1',
    B1_NOTICE,
    'What happens to bikes left overnight?',
    ['They are moved to storage', 'They are thrown away', 'Their owners pay a fine', 'Nothing happens'],
    'They are moved to storage',
  ),

  // B2
  g(
    'b2-g1',
    'B2',
    'If I ___ about the traffic, I would have left earlier.',
    ['knew', 'had known', 'have known', 'would know'],
    'had known',
  ),
  g(
    'b2-g2',
    'B2',
    'By the time we arrived, the film ___.',
    ['already started', 'has already started', 'had already started', 'was already start'],
    'had already started',
  ),
  g('b2-g3', 'B2', 'She asked me where ___.', ['did I live', 'I lived', 'do I live', 'I do live'], 'I lived'),
  g('b2-g4', 'B2', 'I wish I ___ more time to travel.', ['have', 'had', 'will have', 'am having'], 'had'),
  g(
    'b2-g5',
    'B2',
    'The report must ___ by Monday.',
    ['finish', 'be finished', 'have finish', 'finishing'],
    'be finished',
  ),
  g(
    'b2-g6',
    'B2',
    'He ___ have taken the train: his car is still here.',
    ['must', 'can’t', 'shouldn’t', 'needn’t'],
    'must',
  ),
  g(
    'b2-g7',
    'B2',
    '___ the rain, the match went ahead.',
    ['Although', 'Despite', 'However', 'Even'],
    'Despite',
  ),
  v(
    'b2-v1',
    'B2',
    'The company had to ___ off fifty workers last year.',
    ['lay', 'put', 'cut', 'let'],
    'lay',
  ),
  v(
    'b2-v2',
    'B2',
    'Her argument was very ___: everyone agreed with her.',
    ['convincing', 'convinced', 'doubtful', 'careless'],
    'convincing',
  ),
  v(
    'b2-v3',
    'B2',
    'We need to ___ into account the cost of delivery.',
    ['bring', 'take', 'put', 'keep'],
    'take',
  ),
  v(
    'b2-v4',
    'B2',
    'The new law will come into ___ next January.',
    ['action', 'force', 'power', 'place'],
    'force',
  ),
  v(
    'b2-v5',
    'B2',
    'I can’t ___ with this noise any longer.',
    ['put up', 'get on', 'make up', 'take in'],
    'put up',
  ),
  v(
    'b2-v6',
    'B2',
    'The meeting was ___ until next week because the manager was ill.',
    ['put off', 'called up', 'set out', 'turned down'],
    'put off',
  ),
  v(
    'b2-v7',
    'B2',
    'Prices have risen ___ over the last year.',
    ['highly', 'sharply', 'strongly', 'heavily'],
    'sharply',
  ),
  r(
    'b2-r1',
    'B2',
    B2_ARTICLE,
    'According to the text, what do employees gain from remote work?',
    ['Higher pay', 'Time saved on commuting', 'More contact with managers', 'Better productivity'],
    'Time saved on commuting',
  ),
  r(
    'b2-r2',
    'B2',
    B2_ARTICLE,
    'What problem do some employees mention?',
    [
      'They find it harder to switch off',
      'They miss their commute',
      'They earn less',
      'They cannot use the technology',
    ],
    'They find it harder to switch off',
  ),
  r(
    'b2-r3',
    'B2',
    B2_ARTICLE,
    'What worries managers most?',
    ['Productivity', 'Costs', 'How new staff learn the unwritten rules', 'Commuting time'],
    'How new staff learn the unwritten rules',
  ),
  r(
    'b2-r4',
    'B2',
    B2_REVIEW,
    'What does the reviewer praise?',
    ['The fish', 'The decor', 'The prices', 'The speed of service'],
    'The decor',
  ),
  r(
    'b2-r5',
    'B2',
    B2_REVIEW,
    'What was wrong with the fish?',
    ['It was cold', 'It was overcooked', 'It had no sauce', 'It was too small'],
    'It was overcooked',
  ),
  r(
    'b2-r6',
    'B2',
    B2_REVIEW,
    'What does the reviewer recommend?',
    [
      'Going for dinner soon',
      'Going only for a drink at the bar',
      'Avoiding the restaurant completely',
      'Ordering the fish',
    ],
    'Going only for a drink at the bar',
  ),

  // C1
  g(
    'c1-g1',
    'C1',
    'Not only ___ late, but he also forgot the documents.',
    ['he arrived', 'did he arrive', 'he did arrive', 'arrived he'],
    'did he arrive',
  ),
  g(
    'c1-g2',
    'C1',
    'Had we left earlier, we ___ the train.',
    ['would catch', 'would have caught', 'had caught', 'will have caught'],
    'would have caught',
  ),
  g(
    'c1-g3',
    'C1',
    'It’s high time the council ___ something about the roads.',
    ['does', 'did', 'has done', 'will do'],
    'did',
  ),
  g(
    'c1-g4',
    'C1',
    'The suspect is believed ___ the country last night.',
    ['to leave', 'to have left', 'leaving', 'having leave'],
    'to have left',
  ),
  g(
    'c1-g5',
    'C1',
    '___ you need any help, just call me.',
    ['Should', 'Would', 'Unless', 'Provided'],
    'Should',
  ),
  g(
    'c1-g6',
    'C1',
    'Little ___ that the surprise party was for her.',
    ['she knew', 'did she know', 'she did know', 'knew she'],
    'did she know',
  ),
  g(
    'c1-g7',
    'C1',
    'I’d rather you ___ anyone about this yet.',
    ['don’t tell', 'didn’t tell', 'won’t tell', 'not tell'],
    'didn’t tell',
  ),
  v(
    'c1-v1',
    'C1',
    'The minister’s speech was full of ___ promises that nobody believed.',
    ['hollow', 'empty-handed', 'vacant', 'blank'],
    'hollow',
  ),
  v('c1-v2', 'C1', 'The new evidence ___ doubt on his story.', ['throws', 'casts', 'puts', 'sets'], 'casts'),
  v(
    'c1-v3',
    'C1',
    'She is ___ for her generosity.',
    ['renowned', 'notorious', 'infamous', 'remarked'],
    'renowned',
  ),
  v('c1-v4', 'C1', 'We must not ___ sight of our main goal.', ['miss', 'lose', 'drop', 'forget'], 'lose'),
  v(
    'c1-v5',
    'C1',
    'The project was ___ a success: it failed in every way.',
    ['far from', 'by far', 'long from', 'out of'],
    'far from',
  ),
  v(
    'c1-v6',
    'C1',
    'His explanation didn’t ___ water: it was full of holes.',
    ['carry', 'hold', 'keep', 'take'],
    'hold',
  ),
  v(
    'c1-v7',
    'C1',
    'The two reports are ___ different: they share almost nothing.',
    ['markedly', 'scarcely', 'narrowly', 'mildly'],
    'markedly',
  ),
  r(
    'c1-r1',
    'C1',
    C1_ESSAY,
    'What is the main point of the text?',
    [
      'Choice always harms consumers',
      'More choice helps only up to a point',
      'Shoppers prefer fewer shops',
      'Research on choice is unreliable',
    ],
    'More choice helps only up to a point',
  ),
  r(
    'c1-r2',
    'C1',
    C1_ESSAY,
    'Why are people who choose from many options often less satisfied?',
    [
      'The products are worse',
      'They wonder whether another option was better',
      'They pay more',
      'They choose too quickly',
    ],
    'They wonder whether another option was better',
  ),
  r(
    'c1-r3',
    'C1',
    C1_ESSAY,
    'What does “level off” mean in the text?',
    ['Stop increasing', 'Become equal', 'Disappear at once', 'Grow faster'],
    'Stop increasing',
  ),
  r(
    'c1-r4',
    'C1',
    C1_HISTORY,
    'Why did the railway go through the village?',
    [
      'The village council invited it',
      'The company could not buy land in the city',
      'The village had a natural harbour',
      'The land there was cheaper',
    ],
    'The company could not buy land in the city',
  ),
  r(
    'c1-r5',
    'C1',
    C1_HISTORY,
    'What do the records suggest about the village council?',
    [
      'It planned the railway',
      'It opposed the line at first',
      'It sold land to the company',
      'It did not exist in 1841',
    ],
    'It opposed the line at first',
  ),
  r(
    'c1-r6',
    'C1',
    C1_HISTORY,
    'How does the writer view the local historians’ account?',
    ['As fully proven', 'As doubtful', 'As the only account', 'As too critical of the council'],
    'As doubtful',
  ),

  // C2
  g(
    'c2-g1',
    'C2',
    'Were it not for her quick thinking, the accident ___ far worse.',
    ['would be', 'would have been', 'had been', 'will have been'],
    'would have been',
  ),
  g(
    'c2-g2',
    'C2',
    'So convincing ___ that nobody questioned it.',
    ['his story was', 'was his story', 'his story had', 'did his story'],
    'was his story',
  ),
  g(
    'c2-g3',
    'C2',
    'The plan, ___ merits are obvious, still needs funding.',
    ['which', 'whose', 'that', 'its'],
    'whose',
  ),
  g(
    'c2-g4',
    'C2',
    'Only after the results were published ___ how serious the error had been.',
    ['we realised', 'did we realise', 'we did realise', 'had we realise'],
    'did we realise',
  ),
  g(
    'c2-g5',
    'C2',
    'She insisted that the contract ___ reviewed by a lawyer.',
    ['is', 'be', 'was being', 'will be'],
    'be',
  ),
  g(
    'c2-g6',
    'C2',
    'Much ___ I admire his work, I cannot support this proposal.',
    ['as', 'though', 'even', 'so'],
    'as',
  ),
  g(
    'c2-g7',
    'C2',
    'No sooner ___ the house than it began to pour.',
    ['we had left', 'had we left', 'did we leave', 'we left'],
    'had we left',
  ),
  v(
    'c2-v1',
    'C2',
    'His speech was so ___ that half the audience fell asleep.',
    ['soporific', 'stimulating', 'succinct', 'spontaneous'],
    'soporific',
  ),
  v(
    'c2-v2',
    'C2',
    'The agreement was reached after months of ___ negotiation.',
    ['painstaking', 'painless', 'pointless', 'passing'],
    'painstaking',
  ),
  v(
    'c2-v3',
    'C2',
    'Her reply was ___: she said a great deal without committing to anything.',
    ['equivocal', 'explicit', 'emphatic', 'effusive'],
    'equivocal',
  ),
  v(
    'c2-v4',
    'C2',
    'The committee gave the plan its ___ approval, despite some doubts.',
    ['tacit', 'tactile', 'tactical', 'tactless'],
    'tacit',
  ),
  v(
    'c2-v5',
    'C2',
    'The scandal ___ the minister’s reputation beyond repair.',
    ['tarnished', 'polished', 'varnished', 'furnished'],
    'tarnished',
  ),
  v(
    'c2-v6',
    'C2',
    'The evidence is ___ at best: it proves nothing on its own.',
    ['circumstantial', 'conclusive', 'substantial', 'categorical'],
    'circumstantial',
  ),
  v(
    'c2-v7',
    'C2',
    'He has a ___ for exaggeration, so take his stories with a pinch of salt.',
    ['penchant', 'pendant', 'pennant', 'pension'],
    'penchant',
  ),
  r(
    'c2-r1',
    'C2',
    C2_CRITIC,
    'What is the critic’s overall view of the novel?',
    [
      'Ambitious but not fully successful',
      'A complete failure',
      'A flawless masterpiece',
      'Too short to judge',
    ],
    'Ambitious but not fully successful',
  ),
  r(
    'c2-r2',
    'C2',
    C2_CRITIC,
    'What does “asserted rather than earned” suggest about the connections?',
    [
      'They are convincingly developed',
      'The author states them without making them believable',
      'They are left out entirely',
      'They are too obvious',
    ],
    'The author states them without making them believable',
  ),
  r(
    'c2-r3',
    'C2',
    C2_CRITIC,
    'How does the critic feel about the final chapter?',
    ['Disappointed', 'Deeply moved', 'Confused', 'Indifferent'],
    'Deeply moved',
  ),
  r(
    'c2-r4',
    'C2',
    C2_SCIENCE,
    'What have large replication studies found?',
    [
      'Strong support for the theory',
      'Effects close to zero',
      'That willpower increases with use',
      'Nothing, as none were done',
    ],
    'Effects close to zero',
  ),
  r(
    'c2-r5',
    'C2',
    C2_SCIENCE,
    'How do defenders of the theory respond?',
    [
      'They accept it is wrong',
      'They say the tasks were too mild',
      'They question the statistics',
      'They ignore the replications',
    ],
    'They say the tasks were too mild',
  ),
  r(
    'c2-r6',
    'C2',
    C2_SCIENCE,
    'Why is the dispute unlikely to be settled soon?',
    [
      'There is no funding',
      'The two sides disagree on what a fair test is',
      'The original authors have retired',
      'Nobody is interested any more',
    ],
    'The two sides disagree on what a fair test is',
  ),
];
