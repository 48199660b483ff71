import { DIGITS, numberWords } from '../patterns';
import type { Lexicon } from '../lexicon';

// Read without diacritics: "não" is "nao", "criança" is "crianca", "série" is "serie".
const WORDS =
  'dois|duas|tres|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|treze|catorze|quatorze|quinze|dezesseis|dezasseis|dezessete|dezassete';
const W = numberWords(
  WORDS,
  'vinte|trinta|quarenta|cinquenta|sessenta|setenta|oitenta|noventa|cem|cento',
  String.raw`\s*e\s*`,
);
const NUM = String.raw`(?:${DIGITS}|${W})`;
/** The number again, inside a look-behind that checks what came before it. */
const RAW = String.raw`(?:\d{1,2}|${WORDS})`;
const HEDGE = String.raw`(?:(?:so|apenas|quase|ja|uns|acabei\s+de\s+fazer|ainda)\s+)?`;
const SERIE = String.raw`(?:[1-9]\s*(?:o|a)?\s*(?:ano|serie)\b|(?:primeiro|segundo|terceiro|quarto|quinto|sexto|setimo|oitavo|nono)\s+ano|(?:primeira|segunda|terceira|quarta|quinta|sexta|setima|oitava)\s+serie)`;
const LEVEL = String.raw`(?:${SERIE}|ensino\s+(?:fundamental|medio)|fundamental|primario|colegial|jardim\s+de\s+infancia|pre\s*escola|creche)`;

export const pt: Lexicon = {
  absolute: [String.raw`\bpornografia\s+infantil\b`, String.raw`\bporno\s+infantil\b`],
  underage: [
    String.raw`\bmenor(?:es)?\s+de\s+idade\b`,
    String.raw`\bpre\s*adolescentes?\b`,
    String.raw`\bnao\s+(?:e|sou|es)\s+maior\s+de\s+idade\b`,
  ],
  age: [
    String.raw`${NUM}(?<=\b(?:tenho|tens|tem|temos|tinha|tinhas|ter|fiz|fez|faco|fara|completei|completou|completo|completa)\s+${HEDGE}${RAW})(?:\s*anos)?\b(?!\s*(?:anos\s+)?que\b)(?!\s*(?:dias|meses|semanas|horas|minutos|reais|euros|dolares|filhos|irmaos|cachorros|gatos|quilos|kg|cm|metros|vezes|pontos|anos\s+(?:de\s+(?:experiencia|casad\w*|casamento|carreira|trabalho|servico|relacionamento|namoro)|trabalhando|morando|aqui|casad\w*)))`,
    String.raw`${NUM}(?<=\b(?:de|com|aos|idade\s*:?|idade\s+de)\s+${HEDGE}${RAW})\s*(?:anos|aninhos)\b(?!\s*de\s+(?:experiencia|casad\w*|casamento|carreira|servico|trabalho|relacionamento|diferenca))`,
    String.raw`${NUM}(?<=(?:^|[,(:.!?\n])\s*${RAW})\s*(?:anos|aninhos)\b(?!\s+(?:depois|mais\s+tarde|de\s+(?:casad\w*|casamento|experiencia)))`,
    String.raw`${NUM}\s*aninhos\b`,
  ],
  school: [
    String.raw`\bcolegia(?:l|is)\b`,
    String.raw`\b(?:alun[ao]s?|aluninha|estudantes?|menin[ao]s?)\s+(?:do|da|de|no|na)\s+(?:${LEVEL})`,
    String.raw`\b(?:estou|esta|estamos|ta|to|estuda|estudo|estudando|cursa|cursando|faz|faco|fazendo|vai\s+pro|vou\s+pro|entrou\s+no|entrei\s+no)\s+(?:no|na|o|a)?\s*(?:${LEVEL})`,
  ],
  schoolPlace: [
    String.raw`\bensino\s+(?:fundamental|medio)\b`,
    String.raw`\b${SERIE}\b`,
    String.raw`\bjardim\s+de\s+infancia\b`,
  ],
  child: [
    String.raw`\b(?:menininha|menininho|garotinha|garotinho|novinhas?|ninfetas?)\b`,
    String.raw`\b(?:menina|menino|garota|garoto)\s+pequen[ao]\b`,
    String.raw`\b(?:sou|es|e)\s+(?:so\s+|ainda\s+)?(?:uma?\s+)?(?:crianca|menininha|pirralh[ao])\b`,
  ],
  childGeneric: [
    String.raw`\bmenin[ao]s?\b`,
    String.raw`\bcriancas?\b`,
    String.raw`\bpirralh[ao]s?\b`,
    String.raw`\bmolequinh[ao]s?\b`,
  ],
  teen: [String.raw`\badolescentes?\b`],
  sexual: [
    String.raw`\bsexo\b(?!\s*:|\s+(?:feminino|masculino|biologico|oposto|do\s+bebe))`,
    // Not "nua" alone: without accents it is also Vietnamese "nữa".
    String.raw`\b(?:ficar|fica|ficou|ficando|estava|esta|estou|ta|to|toda|todo|completamente|totalmente|fotos?|deixa|deixou|deixar|vi|ver|vendo|dormir|dormiu|dancar|dancando|posar|posando)\s+nu[ao]s?\b`,
    String.raw`\bnuas\b`,
    String.raw`\b(?:anos|aninhos|menina|garota|garotinha|novinha|mulher|ela|foto|fotos|video|videos)\s+nu[ao]s?\b`,
    // "uma pelada" is also a game of football among friends.
    String.raw`\bpelad(?:a|inha)s?\b(?<!(?:uma|jogar|jogo\s+de|na|da|de)\s+pelad\w*)`,
    String.raw`\bsem\s+roupa\b`,
    String.raw`\b(?:tirar|tira|tirando|tirou|tire)\s+(?:a|sua|minha)\s+roupa\b`,
    String.raw`\btransa(?:r|mos|ndo|ria|sse|va|ram|ou|ei)?\b`,
    String.raw`\bfod(?:er|e|o|endo|eu|ida|emos)\b`,
    String.raw`\bfazer\s+amor\b`,
    String.raw`\b(?:peitos|peitinhos|seios|mamilos)\b`,
    String.raw`\b(?:buceta|bucetinha|xoxota|xereca)\b`,
    String.raw`\bpunheta\w*`,
    String.raw`\bsiririca\b`,
    String.raw`\bgoz(?:ar|ei|ou|ando)\b(?!\s+de)`,
    String.raw`\b(?:tesao|tesuda|tesudo)\b`,
    String.raw`\bsafad(?:a|o|inha|inho)s?\b`,
    String.raw`\bputaria\b`,
    String.raw`\bboquete\b`,
    String.raw`\bpassar\s+a\s+mao\b`,
    String.raw`\bapalpar\b`,
    String.raw`\bestuprar\b`,
    String.raw`\berotic[ao]s?\b`,
  ],
  intimate: [
    String.raw`\bbeij(?:ar|o|os|a|ou|ando|inho|a-?la|ar-?te)\b`,
    String.raw`\bexcitad[ao]s?\b`,
    String.raw`\b(?:calcinha|calcinhas|sutia|cueca|lingerie)\b`,
    String.raw`\bgostos[ao]\b`,
    String.raw`\bchupar\b`,
    String.raw`\bbunda\b`,
    String.raw`\bna\s+(?:minha|sua)\s+cama\b`,
  ],
  selfHarm: [
    String.raw`\b(?:quero|queria|vou|preciso|penso\s+em|to\s+pensando\s+em|estou\s+pensando\s+em|tenho\s+vontade\s+de|vontade\s+de)\s+(?:so\s+)?(?:morrer|me\s+matar|matarme|me\s+suicidar|suicidarme|sumir\s+para\s+sempre|acabar\s+com\s+(?:a\s+)?minha\s+vida|tirar\s+(?:a\s+)?minha\s+(?:propria\s+)?vida|me\s+cortar|me\s+machucar|me\s+enforcar|pular\s+da?\s+(?:ponte|janela|predio))\b`,
    String.raw`\bnao\s+(?:quero|aguento)\s+mais\s+viver\b`,
    String.raw`\bnao\s+quero\s+viver\b(?=\s*(?:mais|$|[.,!?]|assim))`,
    String.raw`\bvou\s+me\s+matar\b`,
    String.raw`\bme\s+suicidar\b`,
    String.raw`\bpensamentos\s+suicidas\b`,
    String.raw`\bmelhor\s+(?:eu\s+)?(?:morrer|estar\s+mort[ao])\b`,
  ],
  past: [
    String.raw`\bquando\b`,
    String.raw`\btinha\b`,
    String.raw`\bera\b`,
    String.raw`\bestava\b`,
    String.raw`\bna\s+minha\s+(?:infancia|adolescencia)\b`,
    String.raw`\bde\s+pequen[ao]\b`,
  ],
  pastNear: [String.raw`\baos\s*$`],
  kinship: [
    String.raw`\b(?:meu|minha|meus|minhas|seu|sua|seus|suas|nosso|nossa|nossos|nossas|teu|tua)\s+(?:propri[ao]\s+)?(?:filh[ao]s?|filhinh[ao]s?|sobrinh[ao]s?|net[ao]s?|irma(?:o|os|s)?\s+(?:mais\s+nov[ao]|cacula|pequen[ao])|irmaozinho|irmazinha|afilhad[ao]s?|alun[ao]s?|criancas?|turma)\b`,
    String.raw`\b(?:mae|pai)\s+de\b`,
    String.raw`\btenho\s+(?:uma?|dois|duas|tres|\d)\b`,
  ],
  kinshipAfter: [String.raw`^\s*(?:filh[ao]s?|sobrinh[ao]s?|alun[ao]s?)\b`],
  role: [
    String.raw`\b(?:professora?|prof|docente|diretora?|coordenadora?|tutora?)\b`,
    String.raw`\b(?:ensina|ensinava|leciona|lecionava|trabalho|trabalha|trabalhava|dou\s+aula|da\s+aula)\b`,
  ],
  roleAfter: [String.raw`^\s*(?:de\s+)?(?:professora?s?|docentes?|diretora?)\b`],
  negation: [String.raw`\b(?:nao|nunca|nenhum(?:a)?|nada|sem|nem|proibid[ao]s?)\s+(?:de\s+|uma?\s+|e\s+)?$`],
  notPersonBefore: [
    String.raw`\b(?:uisque|whisky|vinho|carro|casa|cachorro|cadela|gato|gata|cavalo|empresa|arvore|relacionamento|casamento|tradicao|predio|garrafa|queijo|jogo|serie|filme|livro)s?\s+(?:de|com)\s*$`,
  ],
};
