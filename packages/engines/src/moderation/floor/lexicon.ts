/**
 * What a language contributes to the floor: pattern sources per family. Sources are regex
 * bodies written for the view their group reads (lower case; in the Latin group without
 * diacritics). Capture groups are used only for numbers: an `age` match's groups hold the digits
 * (or an English number word) that the engine reads to tell a minor's age from an adult's; a
 * match without a group is a minor age by construction (number words from one to seventeen).
 */
export interface Lexicon {
  /** Terms that exist only to sexualise minors: refused wherever they appear. */
  absolute?: string[];
  /** "underage", "preteen" and their equivalents: refused unless negated, past or a relative. */
  underage?: string[];
  /** A stated age ("14 years old", "I'm 14", "j'ai 14 ans", "十四岁"). */
  age?: string[];
  /** A school level or grade describing a person ("8th grader", "in 9th grade", "中学生"). */
  school?: string[];
  /** A school level as a place or subject ("middle school", "lớp 8"): only near sexual words. */
  schoolPlace?: string[];
  /** A child or diminutive describing a person ("little girl", "幼女", "девочка 10 лет"). */
  child?: string[];
  /** Generic words for children ("kids", "enfants", "孩子"): only near sexual words. */
  childGeneric?: string[];
  /** Teenager words: minors, unless an adult age is stated beside them ("a 19-year-old teen"). */
  teen?: string[];
  /** Sexual content: explicit words, acts, nudity, undressing, sexual touching. */
  sexual?: string[];
  /** Romantic or bodily closeness (kissing, underwear, "touch her"): sexual only with a minor present. */
  intimate?: string[];
  /** The writer's own intent of self-harm or suicide. */
  selfHarm?: string[];
  /** Before a minor signal or inside it, same sentence: the past ("when I was", "quand j'avais"). */
  past?: string[];
  /** Right before a minor signal (at most a few characters): the past ("at 14", "в 14 лет"). */
  pastNear?: string[];
  /** Right after a minor signal: the past ("14岁的时候", "14살 때"). */
  pastAfter?: string[];
  /** Before a minor signal, same clause: the writer's relative ("my son", "ma fille"). */
  kinship?: string[];
  /** Right after a minor signal: a relative ("a 12-year-old son", "中学生の娘"). */
  kinshipAfter?: string[];
  /** Before a school signal: an adult's role ("teaches", "works at", "graduated from"). */
  role?: string[];
  /** Right after a school signal: an adult's role ("middle school teacher", "中学校の先生"). */
  roleAfter?: string[];
  /** Right before a minor signal: negated ("no minors", "not a child"). */
  negation?: string[];
  /** Right after a minor signal: negated or forbidden ("未成年禁止", "미성년자 금지"). */
  negationAfter?: string[];
  /** Right after an age: not a person ("a 12-year-old whisky"). */
  notPerson?: string[];
  /** Right before an age: not a person ("un chien de 3 ans", "十二年的威士忌"). */
  notPersonBefore?: string[];
}

export type Family = keyof Lexicon;
