import { DIGITS, numberWords } from '../patterns';
import type { Lexicon } from '../lexicon';

// Indonesian. Reduplication loses its hyphen in the view: "anak-anak" is read "anakanak".
const WORDS = String.raw`(?:dua|tiga|empat|lima|enam|tujuh)\s*belas|sebelas|sepuluh|dua|tiga|empat|lima|enam|tujuh|delapan|sembilan`;
const W = String.raw`${numberWords(WORDS, 'puluh')}(?!\s*puluh)`;
const NUM = String.raw`(?:${DIGITS}|${W})`;
const RAW = String.raw`(?:\d{1,2}|${WORDS})`;
const WHO = String.raw`(?:umur(?:ku|mu|nya)?|usia(?:ku|mu|nya)?|berumur|berusia|aku|saya|gue|gw|gua|aq|ak|dia|adik|adek|dedek|anak|bocah|cewek|cewe|cowok|cowo|gadis|siswi|siswa|murid|bocil)`;
const KELAS = String.raw`kelas\s*(?:\d{1,2}|satu|dua|tiga|empat|lima|enam|tujuh|delapan|sembilan|sepuluh|sebelas|dua\s*belas)`;
const LEVEL = String.raw`(?:sd|smp|sma|smk|mts|tk|paud)`;

export const id: Lexicon = {
  absolute: [
    String.raw`\bpedofil\w*`,
    String.raw`\bpornografi\s+anak\b`,
    String.raw`\bbokep\s+(?:anak|bocil|sd|smp)\b`,
  ],
  underage: [
    String.raw`\bdi\s*bawah\s+umur\b`,
    String.raw`\bbelum\s+(?:cukup\s+umur|dewasa|legal|17|tujuh\s*belas)\b`,
    String.raw`\bpra\s*remaja\b`,
  ],
  age: [
    String.raw`\b${WHO}\s+(?:(?:baru|masih|udah|sudah|cuma|cuman|hanya|kira\s*kira|sekitar|baru\s+aja|masih\s+aja)\s+)?${NUM}\s*(?:tahun|thn|th|taun)?\b(?!\s*(?:(?:yang|yg)\s+)?(?:lalu|kemudian|lagi|silam))(?!\s*(?:ribu|juta|rb|jt|menit|jam|hari|minggu|bulan|kali|orang|kg|cm|persen|ke\s*atas|keatas|\+))`,
    String.raw`${NUM}(?<=(?:^|[,(:.!?\n])\s*${RAW})\s*(?:tahun|thn)\b(?!\s*(?:(?:yang|yg)\s+)?(?:lalu|kemudian|silam))`,
    String.raw`\b(?:anak|gadis|bocah|cewek|cewe|adik|adek)\s+(?:umur\s+|usia\s+)?${NUM}\s*(?:tahun|thn|th)\b`,
  ],
  school: [
    String.raw`\b(?:anak|siswi|siswa|murid|pelajar|cewek|cewe|cowok|cowo|bocah|gadis|dedek|adek|adik|masih|lagi|baru|${KELAS})\s+${LEVEL}\b`,
    String.raw`\b${LEVEL}\s*${KELAS}\b`,
    String.raw`\b${KELAS}\s*${LEVEL}\b`,
    String.raw`\b(?:aku|saya|gue|gw|dia|masih|lagi|baru)\s+(?:${KELAS}|sd|smp|sma|smk)\b`,
    String.raw`\b(?:siswi|siswa|murid|pelajar)\s+sekolah\s+(?:dasar|menengah)\b`,
  ],
  schoolPlace: [
    String.raw`\b(?:smp|sma|smk|sekolah\s+dasar|sekolah\s+menengah\s+(?:pertama|atas)|taman\s+kanak\s*kanak)\b`,
  ],
  child: [
    String.raw`\b(?:gadis|anak|bocah|cewek|cewe)\s+(?:kecil|cilik|ingusan)\b`,
    String.raw`\bbalita\b`,
    String.raw`\bdedek\s+gemes\b`,
    String.raw`\b(?:aku|saya|gue|dia)\s+(?:masih\s+)?(?:anak\s*anak|bocah|anak\s+kecil)\b`,
  ],
  childGeneric: [
    String.raw`\banak(?:anak)?\b(?!\s+(?:buah|kos|kost|kuliah\w*|muda|mahasiswa|perusahaan|sungai|tangga|kunci|ayam|kucing|anjing|emas|angkat|tiri|yatim|band|gaul|motor|indie|senja|rantau))`,
    String.raw`\bbocah\b`,
    String.raw`\bbocil\b`,
  ],
  teen: [String.raw`\bremaja\b`, String.raw`\babg\b`],
  sexual: [
    String.raw`\bseks(?:i|ual|ualitas)?\b`,
    String.raw`\bbercinta\b`,
    String.raw`\bngentot\w*`,
    String.raw`\bngewe\w*`,
    String.raw`\bentot\w*`,
    String.raw`\bbugil\b`,
    String.raw`\btelanjang\b`,
    String.raw`\bmemek\b`,
    String.raw`\bkontol\b`,
    String.raw`\b(?:toket|tetek|payudara|puting)\b`,
    String.raw`\bsange\b`,
    String.raw`\b(?:colmek|coli|onani|masturbasi)\b`,
    String.raw`\bcrot\b`,
    String.raw`\b(?:buka|lepas|copot|membuka|melepas|bukain|lepasin)\s+(?:baju|celana|bh|beha|pakaian|kancing)(?:nya|mu|ku)?\b`,
    String.raw`\b(?:meraba|diraba|raba|grepe\w*)\b`,
    String.raw`\bremas\s+(?:dada|payudara|toket)\b`,
    String.raw`\bhubungan\s+(?:intim|badan|seks)\b`,
    String.raw`\b(?:bokep|mesum|cabul)\b`,
    String.raw`\bperkosa\w*`,
  ],
  intimate: [
    String.raw`\bcium(?:an)?\b`,
    String.raw`\bmencium\b`,
    String.raw`\bcelana\s+dalam\b`,
    String.raw`\b(?:beha|kolor)\b`,
    String.raw`\b(?:peluk|dipeluk|memeluk)\b`,
    String.raw`\bdi\s+ranjang\b`,
  ],
  selfHarm: [
    String.raw`\b(?:ingin|pengen|pengin|pingin|mau|akan|kepikiran|berpikir\s+untuk|pikir\s+mau|niat|rasanya\s+ingin|rasanya\s+mau|udah\s+mau)(?<!(?:dia|ia|mereka|beliau|tokohnya|karakternya|temanku|temen\s*ku|kamu|kau|anda|lo|lu|engkau)\s+(?:\w+\s+){0,2}\w+)\s+(?:aja\s+)?(?:bunuh\s+diri|mati(?:\s+aja)?\b(?!\s+(?:lampu|listrik|gaya|kutu|rasa|suri))|mengakhiri\s+hidup|akhiri\s+hidup|menyakiti\s+diri|melukai\s+diri|nyilet\s+tangan|sayat\s+tangan|gantung\s+diri|lompat\s+dari)`,
    String.raw`\b(?:tidak|gak|ga|nggak|enggak|ngga|gk)\s+(?:ingin|mau|pengen)\s+hidup\s+lagi\b`,
    String.raw`\b(?:capek|capek\s+banget|lelah)\s+hidup\b`,
    String.raw`\bbunuh\s+diri\s+aja\b`,
    String.raw`\b(?:aku|saya|gue|gw)\s+(?:sering\s+)?(?:nyilet|menyayat|melukai)\s+(?:tangan|diri)\b`,
  ],
  past: [
    String.raw`\b(?:waktu|saat|ketika|dulu|dahulu|semasa|pas|sewaktu|jaman|zaman)\b`,
    String.raw`\bmasa\s+kecil\b`,
  ],
  kinship: [
    String.raw`\b(?:anak|adik|adek|keponakan|cucu|putr[ai])\s*$`,
    String.raw`\b(?:anak(?:ku|mu|nya)|anak\s+(?:saya|aku|gue|gw|kami|kita|perempuan\s*(?:saya|aku|ku)?|laki\s*laki\s*(?:saya|aku|ku)?|pertama|kedua|sulung|bungsu)|putr[ai](?:ku|nya|\s+saya)?|adik(?:ku|mu|nya)|adik\s+(?:saya|aku|gue)|keponakan(?:ku|nya)?|cucu(?:ku|nya)?|murid(?:ku|nya)?|siswa(?:ku)?)\b`,
    String.raw`\b(?:ibu|ayah|bapak|mama|papa)\s+dari\b`,
  ],
  kinshipAfter: [String.raw`^\s*(?:saya|aku|ku|gue|gw|kami)\b`],
  role: [
    String.raw`\b(?:guru|dosen|kepala\s+sekolah|pengajar|wali\s+kelas|mengajar|ngajar|kerja|bekerja|lulusan|tamatan|alumni|alumnus|lulus|tamat)\b`,
  ],
  roleAfter: [String.raw`^\s*(?:guru|dosen|pengajar)\b`],
  negation: [String.raw`\b(?:tidak|bukan|tak|gak|ga|nggak|enggak|tanpa|jangan|dilarang|no)\s+$`],
  notPersonBefore: [
    String.raw`\b(?:wiski|whisky|anggur|mobil|rumah|anjing|kucing|kuda|perusahaan|pohon|hubungan|pernikahan|tradisi|gedung|botol|keju|game|film|buku|motor)\s+(?:umur\s+|usia\s+)?$`,
  ],
};
