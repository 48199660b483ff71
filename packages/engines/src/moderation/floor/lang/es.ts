import { DIGITS, numberWords } from '../patterns';
import type { Lexicon } from '../lexicon';

// Read without diacritics: "años" is "anos", "niña" is "nina", "dieciséis" is "dieciseis".
const WORDS = String.raw`dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|dieciseis|diecisiete|diez\s*y\s*(?:seis|siete)`;
const W = numberWords(
  WORDS,
  'veinte|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|ciento',
  String.raw`\s*y\s*`,
);
const NUM = String.raw`(?:${DIGITS}|${W})`;
/** The number again, inside a look-behind that checks what came before it. */
const RAW = String.raw`(?:\d{1,2}|${WORDS})`;
const HEDGE = String.raw`(?:(?:solo|apenas|casi|ya|unos|recien|nada\s+mas|todavia|aun)\s+)?`;
const ORD = String.raw`(?:[1-6]\s*(?:o|ro|do|to|er)?|primero|primer|segundo|tercero|tercer|cuarto|quinto|sexto)`;
const LEVEL = String.raw`(?:primaria|secundaria|prepa|preparatoria|bachillerato|la\s+eso|eso\b|kinder|jardin\s+de\s+(?:ninos|infantes)|${ORD}\s*(?:de\s+)?(?:la\s+)?(?:eso|primaria|secundaria|basico|grado)|(?:\d{1,2}\s*o?|octavo|septimo|noveno|sexto|quinto)\s*grado)`;

export const es: Lexicon = {
  absolute: [
    String.raw`\bpedofil\w*`,
    String.raw`\bpornografia\s+infantil\b`,
    String.raw`\bporno\s+infantil\b`,
  ],
  underage: [
    String.raw`\bmenor(?:es)?\s+de\s+edad\b`,
    String.raw`\bpre\s*adolescentes?\b`,
    String.raw`\bno\s+(?:es|soy|eres)\s+mayor\s+de\s+edad\b`,
  ],
  age: [
    String.raw`${NUM}(?<=\b(?:tengo|tienes|tiene|tenemos|tienen|tenia|tenias|tener|teniendo|cumpli|cumplio|cumple|cumples|cumplo|cumplira|cumplire|cumplia)\s+${HEDGE}${RAW})(?:\s*anos)?\b(?!\s*(?:dias|meses|semanas|horas|minutos|euros|pesos|dolares|hijos|hermanos|perros|gatos|kilos|libras|centimetros|cm|metros|veces|puntos|anos\s+(?:de\s+(?:experiencia|casad\w*|matrimonio|carrera|trabajo|servicio|relacion|novios)|trabajando|viviendo|aqui|casad\w*)))`,
    String.raw`${NUM}(?<=\b(?:de|con|a\s+los|a\s+sus|a\s+mis|edad\s*:?|edad\s+de)\s+${HEDGE}${RAW})\s*(?:anos|anitos)\b(?!\s*de\s+(?:experiencia|casad\w*|matrimonio|antiguedad|carrera|servicio|trabajo|relacion|diferencia))`,
    String.raw`${NUM}(?<=(?:^|[,(:.!?\n])\s*${RAW})\s*(?:anos|anitos)\b(?!\s+(?:despues|mas\s+tarde|de\s+(?:casad\w*|matrimonio|experiencia)))`,
    String.raw`${NUM}\s*anitos\b`,
    String.raw`\bquinceaneras?\b`,
  ],
  school: [
    String.raw`\bcolegial(?:a|as|es)?\b`,
    String.raw`\b(?:alumn[ao]s?|estudiantes?|nin[ao]s?|chic[ao]s?)\s+de\s+(?:${LEVEL}|instituto|colegio)`,
    String.raw`\b(?:voy|va|vas|vamos|estoy|esta|estas|sigo|sigue|curso|cursa|cursando|estudio|estudia|ando)\s+(?:en|a)\s+(?:la\s+|el\s+)?(?:${LEVEL}|instituto|colegio)`,
    String.raw`\ben\s+(?:${ORD}\s*(?:de\s+)?(?:la\s+)?(?:eso|primaria|secundaria|basico)|(?:\d{1,2}\s*o?|octavo|septimo|noveno|sexto|quinto)\s*grado)\b`,
  ],
  schoolPlace: [String.raw`\b(?:primaria|secundaria|preparatoria|kinder|jardin\s+de\s+(?:ninos|infantes))\b`],
  child: [
    String.raw`\bnin(?:ita|itas|ito|itos)\b`,
    String.raw`\bnenit[ao]s?\b`,
    String.raw`\bnin[ao]s?\s+pequen[ao]s?\b`,
    String.raw`\bpequen[ao]s?\s+nin[ao]s?\b`,
    String.raw`\b(?:soy|eres|es)\s+(?:solo\s+|todavia\s+|aun\s+)?(?:una?\s+)?(?:nin[ao]|crio|cria)\b`,
  ],
  childGeneric: [
    String.raw`\bnin[ao]s?\b`,
    String.raw`\bchiquill[ao]s?\b`,
    String.raw`\bcrios?\b`,
    String.raw`\bcrias\b`,
    String.raw`\bescuincl[ea]s?\b`,
    String.raw`\bmocos[ao]s?\b`,
    String.raw`\bchamac[ao]s?\b`,
  ],
  teen: [String.raw`\badolescentes?\b`],
  sexual: [
    String.raw`\bsexo\b(?!\s*:|\s+(?:femenino|masculino|biologico|opuesto|del\s+bebe))`,
    String.raw`\bdesnud[ao]s?\b`,
    String.raw`\bdesnud(?:ar|arse|ate|arte|arla|arlo|andose|andote|o|a)\b`,
    String.raw`\bquit(?:ate|arse|arte|arle|ale|ando)\s+la\s+ropa\b`,
    String.raw`\bfoll(?:ar|o|a|amos|arte|arla|arme|ando|ada|ame)\b`,
    String.raw`\bcul(?:i|e)ar\b`,
    String.raw`\bhacer\s+el\s+amor\b`,
    String.raw`\bacost(?:ar|arse|arme|arte|arnos)\s+con\s+(?:ella|el|migo|tigo)\b`,
    String.raw`\btetas\b`,
    String.raw`\bpechos\b`,
    String.raw`\bpezones?\b`,
    String.raw`\bpene\b`,
    String.raw`\bverga\b`,
    String.raw`\bpolla\b`,
    String.raw`\bmamadas?\b`,
    String.raw`\bcachond[ao]s?\b`,
    String.raw`\b(?:estoy|esta|estas|me\s+pone|me\s+pones|me\s+tienes)\s+(?:muy\s+|tan\s+|bien\s+)?(?:caliente|excitad[ao]|mojad[ao])\b`,
    String.raw`\blenceria\b`,
    String.raw`\bmanose\w+`,
    String.raw`\btoc(?:ar|arla|arle|arte|arme|a|o)\s+(?:sus|tus|mis|su|tu|mi)\s+(?:pechos|tetas|partes|vagina|pene|culo|cuerpo|muslos|senos)\b`,
    String.raw`\bviolar(?:la|te|lo)?\b`,
    String.raw`\berotic[ao]s?\b`,
  ],
  intimate: [
    String.raw`\bbes(?:ar|arla|arte|arme|ame|o|os|a|ando)\b`,
    String.raw`\btoc(?:arla|arte|arme|ame)\b`,
    String.raw`\bexcitad[ao]s?\b`,
    String.raw`\bbragas\b`,
    String.raw`\bcalzon(?:es|citos)\b`,
    String.raw`\btangas?\b`,
    String.raw`\bsosten\b`,
    String.raw`\bsujetador\b`,
    String.raw`\bropa\s+interior\b`,
    String.raw`\bcoger(?:te|la|me)\b`,
    String.raw`\bculo\b`,
    String.raw`\ben\s+(?:mi|tu|su)\s+cama\b`,
  ],
  selfHarm: [
    String.raw`\b(?:quiero|quisiera|voy\s+a|necesito|me\s+dan\s+ganas\s+de|tengo\s+ganas\s+de|pienso\s+en|estoy\s+pensando\s+en|deseo|prefiero)\s+(?:solo\s+|ya\s+)?(?:morir(?:me)?|matarme|suicidarme|quitarme\s+la\s+vida|acabar\s+con\s+mi\s+vida|desaparecer\s+para\s+siempre|hacerme\s+dano|cortarme(?:\s+las\s+venas)?|colgarme|tirarme\s+(?:de|por|al|a\s+las))\b`,
    String.raw`\bme\s+quiero\s+(?:morir|matar|suicidar)\b`,
    String.raw`\bme\s+voy\s+a\s+(?:matar|suicidar|cortar\s+las\s+venas|quitar\s+la\s+vida)\b`,
    String.raw`\bno\s+quiero\s+(?:seguir\s+)?vivir\b(?=\s*(?:mas|$|[.,!?]|asi))`,
    String.raw`\bganas\s+de\s+morir(?:me)?\b`,
    String.raw`\bsuicidarme\b`,
    String.raw`\bpensamientos\s+suicidas\b`,
    String.raw`\bme\s+corto\s+(?:los\s+brazos|las\s+munecas|las\s+venas)\b`,
  ],
  past: [
    String.raw`\bcuando\b`,
    String.raw`\btenia\b`,
    String.raw`\bera\b`,
    String.raw`\bestaba\b`,
    String.raw`\bde\s+(?:nina|nino|pequena|pequeno|chica|chico|joven)\b`,
    String.raw`\ben\s+mi\s+(?:infancia|ninez|adolescencia)\b`,
    String.raw`\bhace\s+(?:muchos\s+)?anos\b`,
  ],
  pastNear: [String.raw`\ba\s+los\s*$`],
  kinship: [
    String.raw`\b(?:mi|mis|tu|tus|su|sus|nuestr[ao]s?)\s+(?:propi[ao]s?\s+)?(?:hij[ao]s?|hijit[ao]s?|nin[ao]s?|pequen[ao]s?|sobrin[ao]s?|niet[ao]s?|herman[ao]\s+(?:menor|pequen[ao]|chic[ao])|hermanit[ao]s?|primit[ao]s?|ahijad[ao]s?|alumn[ao]s?|estudiantes|clase)\b`,
    String.raw`\b(?:madre|padre|mama|papa)\s+de\b`,
    String.raw`\btengo\s+(?:una?|dos|tres|\d)\b`,
  ],
  kinshipAfter: [String.raw`^\s*(?:hij[ao]s?|sobrin[ao]s?|alumn[ao]s?)\b`],
  role: [
    String.raw`\b(?:profesora?|profe|maestr[ao]|docente|directora?|tutora?|orientadora?)\b`,
    String.raw`\b(?:ensena|ensenaba|ensenar|trabajo|trabaja|trabajaba|doy\s+clases|da\s+clases)\b`,
  ],
  roleAfter: [String.raw`^\s*(?:de\s+)?(?:profesora?s?|maestr[ao]s?|docentes?|directora?)\b`],
  negation: [String.raw`\b(?:no|nunca|ningun[ao]?|nada|sin|ni|prohibid[ao]s?)\s+(?:de\s+|una?\s+|es\s+)?$`],
  notPersonBefore: [
    String.raw`\b(?:whisky|vino|coche|carro|auto|casa|perro|perra|gato|gata|caballo|empresa|arbol|relacion|matrimonio|tradicion|edificio|botella|queso|juego|serie|pelicula|libro|computadora|ordenador|telefono|celular)s?\s+(?:de|con)\s*$`,
  ],
};
