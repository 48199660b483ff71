import { B0, B1, DIGITS } from '../patterns';
import type { Lexicon } from '../lexicon';

// Vietnamese is read twice: with its diacritics (the accent view; "chết" is not "chet"), and
// without them for people who type without (the Latin view: "toi muon chet", "14 tuoi").
const D = DIGITS;
const W = String.raw`${B0}(?:mười\s+(?:một|hai|ba|bốn|tư|lăm|năm|sáu|bảy|bẩy)|mười|một|hai|ba|bốn|năm|sáu|bảy|bẩy|tám|chín)${B1}(?<!mươi\s+\S+)(?<!(?:hai|ba|bốn|năm|sáu|bảy|tám|chín)\s+mười)`;
const NUM = String.raw`(?:${D}|${W})`;
const GRADE = String.raw`lớp\s+(?:\d{1,2}|một|hai|ba|bốn|năm|sáu|bảy|tám|chín|mười|mười\s+một|mười\s+hai)${B1}(?!\s*(?:học|trưởng))`;
const ME = String.raw`(?:tôi|tao|mình|em|tớ|tui|t|con|anh)`;

export const viAccent: Lexicon = {
  absolute: [String.raw`${B0}ấu\s+dâm`, String.raw`${B0}khiêu\s+dâm\s+trẻ\s+em`],
  underage: [
    String.raw`${B0}(?:vị|chưa)\s+thành\s+niên`,
    String.raw`${B0}chưa\s+đủ\s+(?:18|mười\s+tám)\s+tuổi`,
    String.raw`${B0}dưới\s+(?:18|mười\s+tám)\s+tuổi`,
  ],
  age: [String.raw`${NUM}\s*tuổi${B1}(?!\s*(?:teen|trở\s+lên))`],
  school: [
    String.raw`${B0}(?:học\s+sinh|nữ\s+sinh|nam\s+sinh)${B1}(?!\s+viên)`,
    String.raw`${B0}(?:đang\s+)?học\s+${GRADE}`,
    String.raw`${B0}(?:học\s+sinh|nữ\s+sinh)\s+(?:cấp\s+[123]|tiểu\s+học|trung\s+học|thcs|thpt)`,
    String.raw`${B0}(?:em|tôi|mình|nó|cô\s+ấy|bé)\s+(?:đang\s+)?(?:học\s+)?(?:${GRADE}|cấp\s+[12])`,
  ],
  schoolPlace: [
    String.raw`${B0}${GRADE}`,
    String.raw`${B0}cấp\s+[12]${B1}`,
    String.raw`${B0}(?:tiểu\s+học|trung\s+học\s+cơ\s+sở|thcs|mẫu\s+giáo|mầm\s+non)${B1}`,
  ],
  child: [
    String.raw`${B0}(?:bé\s+gái|bé\s+trai|cô\s+bé|cậu\s+bé|bé\s+con|em\s+bé\s+gái|trẻ\s+sơ\s+sinh|con\s+bé\s+con)${B1}`,
    String.raw`${B0}(?:tôi|em|mình)\s+(?:vẫn\s+)?(?:còn\s+)?(?:là\s+)?(?:trẻ\s+con|con\s+nít)${B1}`,
  ],
  childGeneric: [
    String.raw`${B0}(?:trẻ\s+em|trẻ\s+con|con\s+nít|nhóc|đứa\s+trẻ|đứa\s+bé|bọn\s+trẻ|lũ\s+trẻ)${B1}`,
  ],
  teen: [String.raw`${B0}(?:tuổi\s+teen|thiếu\s+niên|thiếu\s+nữ|tuổi\s+dậy\s+thì|tuổi\s+mới\s+lớn)${B1}`],
  sexual: [
    String.raw`${B0}làm\s+tình${B1}(?!\s+nguyện)`,
    String.raw`${B0}tình\s+dục${B1}`,
    String.raw`${B0}quan\s+hệ\s+(?:tình\s+dục|xác\s+thịt)`,
    String.raw`${B0}(?:địt|đụ|chịch|lồn|cặc|buồi)${B1}`,
    String.raw`${B0}(?:khỏa|khoả)\s+thân${B1}`,
    String.raw`${B0}(?:lõa|loã)\s+thể${B1}`,
    String.raw`${B0}(?:trần\s+truồng|cởi\s+truồng)${B1}`,
    String.raw`${B0}cởi\s+(?:đồ|quần|áo|hết|sạch)${B1}`,
    String.raw`${B0}vú${B1}(?!\s+(?:em|nuôi|sữa))`,
    String.raw`${B0}núm\s+vú${B1}`,
    String.raw`${B0}(?:âm\s+đạo|dương\s+vật|âm\s+vật)${B1}`,
    String.raw`${B0}thủ\s+dâm${B1}`,
    String.raw`${B0}nứng${B1}`,
    String.raw`${B0}dâm(?:\s+đãng|\s+dục|\s+loạn)?${B1}`,
    String.raw`${B0}(?:khiêu\s+dâm|phim\s+sex|phim\s+người\s+lớn)${B1}`,
    String.raw`${B0}sờ\s+(?:ngực|vú|mông|đùi|chỗ\s+kín|vùng\s+kín|soạng|mó)${B1}`,
    String.raw`${B0}hiếp(?:\s+dâm)?${B1}`,
    String.raw`${B0}gợi\s+cảm${B1}`,
  ],
  intimate: [
    String.raw`${B0}hôn${B1}`,
    String.raw`${B0}ôm\s+ấp${B1}`,
    String.raw`${B0}(?:quần\s+lót|áo\s+ngực|nội\s+y|đồ\s+lót)${B1}`,
    String.raw`${B0}(?:lên\s+giường|ngủ\s+với)${B1}`,
    String.raw`${B0}sờ${B1}`,
  ],
  selfHarm: [
    String.raw`${B0}${ME}\s+(?:thật\s+sự\s+|thực\s+sự\s+|chỉ\s+|rất\s+|đang\s+|cứ\s+|lại\s+|thật\s+)?(?:muốn|định|sẽ|sắp|nghĩ\s+đến\s+chuyện|tính)\s+(?:chết|tự\s+tử|tự\s+sát|tự\s+vẫn|kết\s+thúc\s+(?:cuộc\s+đời|cuộc\s+sống|mạng\s+sống)|tự\s+làm\s+(?:hại|đau)\s+bản\s+thân|rạch\s+tay|nhảy\s+cầu|nhảy\s+lầu)${B1}(?!\s+(?:à|hả|không|hay\s+sao|hở))`,
    String.raw`${B0}muốn\s+(?:tự\s+tử|tự\s+sát|tự\s+vẫn)${B1}`,
    String.raw`${B0}không\s+(?:còn\s+)?muốn\s+sống\s+nữa${B1}`,
    String.raw`${B0}chán\s+sống${B1}`,
    String.raw`${B0}muốn\s+chết\s+(?:quá|đi\s+cho\s+rồi|cho\s+xong)${B1}`,
    String.raw`${B0}${ME}\s+(?:hay\s+|thường\s+|vẫn\s+)?(?:tự\s+làm\s+hại\s+bản\s+thân|rạch\s+tay)${B1}`,
  ],
  past: [String.raw`${B0}(?:khi|lúc|hồi|thời|ngày\s+xưa|trước\s+đây|đã\s+từng)${B1}`],
  pastNear: [String.raw`${B0}(?:năm|từ\s+năm)\s*$`],
  kinship: [
    String.raw`${B0}(?:con\s+(?:trai|gái)|con|cháu|em\s+(?:trai|gái))\s*$`,
    String.raw`${B0}(?:con\s+(?:tôi|mình|tao|em|anh|chị)|con\s+(?:trai|gái)\s+(?:tôi|mình|của\s+tôi|của\s+mình|tao|em|anh|chị)|cháu\s+(?:tôi|mình|gái|trai)|em\s+(?:trai|gái)\s+(?:tôi|mình|tao)|bé\s+nhà\s+(?:tôi|mình)|học\s+trò\s+(?:tôi|của\s+tôi))${B1}`,
  ],
  kinshipAfter: [String.raw`^\s*(?:của\s+)?(?:tôi|mình|tao|chúng\s+tôi|nhà\s+tôi)${B1}`],
  role: [
    String.raw`${B0}(?:giáo\s+viên|cô\s+giáo|thầy\s+giáo|thầy|hiệu\s+trưởng|gia\s+sư|dạy|giảng\s+viên|bảo\s+mẫu)${B1}`,
  ],
  roleAfter: [String.raw`^\s*(?:giáo\s+viên|cô\s+giáo|thầy\s+giáo)${B1}`],
  negation: [
    String.raw`${B0}(?:không|chẳng|chả|đừng|cấm|không\s+phải)\s+(?:là\s+)?$`,
    // "đồng phục học sinh": a school uniform, a costume
    String.raw`${B0}đồng\s+phục\s*$`,
  ],
  negationAfter: [String.raw`^\s*(?:không\s+được|cấm)${B1}`],
  notPersonBefore: [String.raw`${B0}(?:chó|mèo|ngựa|xe|rượu|nhà|công\s+ty|cây|chai)\s+$`],
};

const WP = String.raw`\b(?:muoi\s+(?:mot|hai|ba|bon|tu|lam|nam|sau|bay)|mot|hai|ba|bon|sau|bay|tam|chin)\b(?<!muoi\s+\w+\s+\w+)(?<!(?:hai|ba|bon|nam|sau|bay|tam|chin)\s+muoi\s+\w+)`;

export const viPlain: Lexicon = {
  age: [String.raw`(?:${D}|\b${WP})\s*tuoi\b(?!\s*(?:teen|tro\s+len))`],
  school: [
    String.raw`\b(?:hoc\s+sinh|nu\s+sinh)\s+(?:cap\s+[12]|lop\s+\d{1,2}|tieu\s+hoc|thcs)\b`,
    String.raw`\bhoc\s+lop\s+\d{1,2}\b`,
  ],
  child: [String.raw`\b(?:be\s+gai|co\s+be|cau\s+be)\b`],
  childGeneric: [String.raw`\b(?:tre\s+em|tre\s+con|con\s+nit)\b`],
  sexual: [
    String.raw`\blam\s+tinh\b(?!\s+nguyen)`,
    String.raw`\btinh\s+duc\b`,
    String.raw`\bkhoa\s+than\b`,
    String.raw`\bthu\s+dam\b`,
    String.raw`\bkhieu\s+dam\b`,
    String.raw`\bcoi\s+(?:do|quan\s+ao)\b`,
  ],
  selfHarm: [
    String.raw`\b(?:toi|tao|minh|em|to|tui)\s+(?:that\s+su\s+|chi\s+|rat\s+|dang\s+)?(?:muon|dinh|se)\s+(?:chet|tu\s+tu|tu\s+sat)\b(?!\s+(?:a|ha|khong)\b)`,
    String.raw`\bmuon\s+(?:tu\s+tu|tu\s+sat)\b`,
    String.raw`\bkhong\s+(?:con\s+)?muon\s+song\s+nua\b`,
    String.raw`\bchan\s+song\b`,
  ],
  past: [String.raw`\b(?:khi|luc|hoi|hoi\s+nho|luc\s+nho|ngay\s+xua)\b`],
  kinship: [String.raw`\b(?:con\s+(?:toi|minh)|con\s+(?:trai|gai)\s+(?:toi|minh)|chau\s+(?:toi|minh))\b`],
};
