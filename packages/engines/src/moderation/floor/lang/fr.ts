import { B0, B1, DIGITS, numberWords } from '../patterns';
import type { Lexicon } from '../lexicon';

// Read without diacritics ("âgée" is "agee"); hyphens inside words are gone ("dix-sept" is "dixsept").
const WORDS = String.raw`deux|trois|quatre|cinq|six|sept|huit|neuf|dix\s*(?:sept)?|onze|douze|treize|quatorze|quinze|seize`;
const W = numberWords(
  WORDS,
  'vingt|trente|quarante|cinquante|soixante|septante|octante|nonante|cent',
  String.raw`(?:\s*et)?\s*`,
);
const NUM = String.raw`(?:${DIGITS}|${W})`;
/** The number again, inside a look-behind that checks what came before it. */
const RAW = String.raw`(?:\d{1,2}|${WORDS})`;
const GRADE = String.raw`(?:[3-6]\s*(?:e|eme|ieme)\b|sixieme|cinquieme|quatrieme|troisieme|cm\s*[12]|ce\s*[12]|cp\b|maternelle|primaire)`;
const LYCEE = String.raw`(?:seconde|premiere|terminale)\b(?!\s+(?:classe|ligne|main|vitesse|position|partie|fois|page|annee\s+de\s+(?:fac|licence|master)|etape|place))`;

export const fr: Lexicon = {
  absolute: [
    String.raw`\bpedopornograph\w*`,
    String.raw`\bpedocriminel\w*`,
    String.raw`\b(?:sale|gros|un|espece\s+de)\s+pedo\b(?!\s+(?:de|en|y|que|bien))`,
  ],
  underage: [
    String.raw`\bpre\s*ado(?:lescente?s?|s)?\b`,
    String.raw`\bpas\s+(?:encore\s+)?majeure?s?\b`,
    String.raw`\bmineure?s?\s+de\s+moins\s+de\b`,
  ],
  age: [
    // The number starts the match, so that "à 14 ans" (the past) can be told from "a 14 ans".
    String.raw`${NUM}(?<=\b(?:j'?ai|t'?as|tu\s+as|il\s+a|elle\s+a|on\s+a|vous\s+avez|n'?a|(?<!\by\s)a|avoir|ayant|agee?s?\s+de|(?<!(?:plus|moins|pres|pendant|depuis|durant|apres|avant)\s)de|d'|avec|mes|ses|tes|leurs|nos|fete\s+(?:ses|mes|tes))\s*(?:(?:seulement|juste|a\s+peine|presque|bientot|deja|que|pas\s+encore|environ)\s+)?${RAW})\s*ans\b(?!\s+(?:d'?experience|de\s+(?:mariage|carriere|prison|service|relation|vie\s+commune)|plus\s+tard|apres|auparavant))`,
    String.raw`${NUM}(?<=(?:^|[,(:.!?\n])\s*${RAW})\s*ans\b(?!\s+(?:plus\s+tard|apres|auparavant|de\s+mariage|d'?experience))`,
    String.raw`\bage\s*:?\s*(?:de\s+)?${NUM}\b`,
  ],
  school: [
    String.raw`\b(?:collegien|collegienne|lyceen|lyceenne|ecolier|ecoliere)s?\b`,
    String.raw`\beleves?\s+(?:de|en|du|au|a\s+l'?ecole)\s+(?:${GRADE}|college|lycee|${LYCEE})`,
    String.raw`\b(?:je\s+suis|j'?suis|tu\s+es|t'?es|il\s+est|elle\s+est|on\s+est|toujours|encore|rentre|entre)\s+(?:au|en|a\s+l'?ecole)\s+(?:${GRADE}|college|lycee|${LYCEE})`,
    String.raw`\ben\s+${GRADE}`,
  ],
  schoolPlace: [
    String.raw`\b(?:au|du|le|mon|son|ton|leur|un)\s+college\b`,
    String.raw`\blycee\b`,
    String.raw`\becole\s+(?:primaire|maternelle|elementaire)\b`,
    String.raw`\bmaternelle\b`,
  ],
  child: [
    String.raw`\bpetite?s?\s+(?:fille|filles|garcon|garcons)\b`,
    String.raw`\bfillettes?\b`,
    String.raw`\b(?:une|un|des|est|sont|etre|avec|les|la|le|suis|es)\s+mineure?s?\b`,
    String.raw`\b(?:je\s+suis|j'?suis|tu\s+es|t'?es|elle\s+est|il\s+est)\s+(?:qu'?une?\s+|juste\s+une?\s+|encore\s+une?\s+|une?\s+)(?:enfant|gamine?|gosse|petite?)\b`,
  ],
  childGeneric: [
    String.raw`\benfants?\b(?!\s+(?:de\s+choeur|prodige))`,
    String.raw`\bgamine?s?\b`,
    String.raw`\bgosses?\b`,
    String.raw`\bmomes?\b`,
    String.raw`\bbambins?\b`,
  ],
  teen: [String.raw`\bados?\b`, String.raw`\badolescente?s?\b`],
  sexual: [
    String.raw`\bsexe\b(?!\s*:|\s+(?:feminin|masculin|oppose|du\s+bebe))`,
    String.raw`\bsexuel(?:le|les|s|lement)?\b(?!\s+(?:harcelement|agression|abus))`,
    String.raw`\b(?:toute\s+nue|tout\s+nu|nue|nues|a\s+poil|nudite|denudee?s?)\b`,
    String.raw`\bdeshabill\w*`,
    String.raw`\berotique\w*`,
    String.raw`\bbais(?:e|es|ent|ons|ez|ait|ais|ee|ees|ees)\b`,
    String.raw`(?<!(?:un|le|du|ce|mon|ton|son|doux|petit|tendre|leur)\s)\bbaiser\b`,
    String.raw`\b(?:coucher|couche|couches|couchee|couchent)\s+avec\b`,
    String.raw`\bfaire\s+l'?amour\b`,
    String.raw`\bseins\b`,
    String.raw`\bnichons\b`,
    String.raw`\btetons\b`,
    String.raw`\bvagin\b`,
    String.raw`\bfellation\w*`,
    String.raw`\bbranl\w*`,
    String.raw`\bjouir\b`,
    String.raw`\battouchements?\b`,
    String.raw`\btoucher\s+(?:ses|tes|mes|sa|ta|ma|son|ton|mon)\s+(?:seins|fesses|cuisses|parties|sexe|corps|poitrine)\b`,
    String.raw`\bsalope\b`,
    String.raw`\bviol(?:er|ent)\b`,
    String.raw`\bsuce(?:r)?\s+(?:ma|sa|ta)\s+(?:bite|queue)\b`,
    String.raw`\bchatte\s+(?:mouillee|humide)\b`,
  ],
  intimate: [
    String.raw`\bembrass\w*`,
    String.raw`\bbisous?\b`,
    String.raw`\bcaress\w*`,
    String.raw`\bexcitee?s?\b`,
    String.raw`\bculottes?\b`,
    String.raw`\bsoutiens?\s*gorges?\b`,
    String.raw`\bsous\s*vetements?\b`,
    String.raw`\bsucer\b`,
    String.raw`\bdans\s+(?:mon|ton|son)\s+lit\b`,
    String.raw`\btouche\s*moi\b`,
  ],
  selfHarm: [
    String.raw`\bje\s+(?:veux|voudrais|vais|compte|souhaite|prefere|prefererais|dois|pense\s+a)\s+(?:juste\s+|vraiment\s+|seulement\s+)?(?:mourir|me\s+tuer|me\s+suicider|en\s+finir|mettre\s+fin\s+a\s+mes\s+jours|disparaitre\s+pour\s+toujours|me\s+faire\s+du\s+mal|me\s+foutre\s+en\s+l'?air|me\s+scarifier|me\s+mutiler|me\s+couper\s+les\s+veines|me\s+pendre|me\s+jeter\s+(?:sous|du|d'?un|par))\b`,
    String.raw`\b(?:envie|besoin)\s+de\s+(?:mourir|me\s+tuer|me\s+suicider|en\s+finir|disparaitre\s+pour\s+toujours)\b`,
    String.raw`\bje\s+(?:ne\s+)?veux\s+plus\s+vivre\b`,
    String.raw`\bj'?(?:ai|n'?ai)\s+plus\s+envie\s+de\s+vivre\b`,
    String.raw`\bmarre\s+de\s+vivre\b`,
    String.raw`\bje\s+pense\s+(?:au\s+suicide|a\s+me\s+suicider|a\s+mourir)\b`,
    String.raw`\b(?:j'?ai|j'?ai\s+des)\s+(?:des\s+)?(?:idees|pensees)\s+(?:suicidaires|noires)\b`,
    String.raw`\bje\s+suis\s+suicidaire\b`,
    String.raw`\bmettre\s+fin\s+a\s+(?:mes\s+jours|ma\s+vie)\b`,
    String.raw`\bme\s+suicider\b`,
    String.raw`\bje\s+me\s+(?:scarifie|mutile|coupe\s+(?:les\s+bras|les\s+poignets|les\s+veines))\b`,
  ],
  past: [
    String.raw`\b(?:quand|lorsque)\b`,
    String.raw`\bj'?avais\b`,
    String.raw`\b(?:elle|il|on)\s+avait\b`,
    String.raw`\b(?:etait|etais|j'?etais)\b`,
    String.raw`\ba\s+l'?epoque\b`,
    String.raw`\bautrefois\b`,
    String.raw`\bdans\s+mon\s+enfance\b`,
    String.raw`\bdepuis\b`,
  ],
  kinship: [
    String.raw`\b(?:mon|ma|mes|notre|nos|son|sa|ses|leur|leurs|votre|vos|ton|ta|tes)\s+(?:propre\s+)?(?:fils|fille|filles|enfants?|gamins?|gamine|gosses?|neveux?|nieces?|petit\s+frere|petite\s+soeur|petitfils|petitefille|petitsenfants|filleule?|eleves?|classe)\b`,
    String.raw`\b(?:mere|pere|maman|papa|parent|parents)\s+d'?(?:une?|des)\b`,
    String.raw`\bj'?ai\s+(?:une?|deux|trois|\d)\b`,
  ],
  kinshipAfter: [String.raw`^\s*(?:fils|fille|filles|enfants?|neveu|niece|eleves|classe)\b`],
  role: [
    String.raw`\b(?:professeure?|prof|profs|enseignante?|institutrice|instituteur|directrice|directeur|surveillante?|cpe|conseillere?|documentaliste|infirmiere)\b`,
    String.raw`\b(?:travaille|travaillait|enseigne|enseignait|donne\s+cours)\b`,
  ],
  roleAfter: [
    String.raw`^\s*(?:de\s+)?(?:professeure?s?|profs?|enseignante?s?|institutrice|directrice|directeur|surveillante?|amie?s?|copains?|copines?|annees?|souvenirs?)\b`,
  ],
  negation: [
    String.raw`\b(?:pas|plus|jamais|aucune?|sans|ni|non|interdit\s+aux)\s+(?:de\s+|d'|une?\s+|des\s+)?$`,
  ],
  notPersonBefore: [
    String.raw`\b(?:whisky|vin|cognac|rhum|voiture|maison|chien|chienne|chat|chaton|cheval|entreprise|societe|arbre|ordinateur|telephone|relation|mariage|carriere|tradition|immeuble|bouteille|fromage|jeu|serie|film|livre)s?\s+(?:de|d')\s*$`,
  ],
};

/** French rules that need the accents: "à 14 ans" (at fourteen) is the past, "a 14 ans" (is fourteen) is not. */
export const frAccent: Lexicon = {
  pastNear: [String.raw`${B0}à\s*$`, String.raw`${B0}collège${B1}`],
};
