/**
 * The platform's reference list of cities (issue 33): the main cities of the Gulf states with
 * English and Arabic names and common spellings. The migration `shipping_zones` inserts exactly
 * these rows (its `search` column holds the folded names, see rules.ts); a test checks the two
 * agree.
 */
export interface CityDef {
  id: string;
  country: string;
  nameEn: string;
  nameAr: string;
  aliases: string[];
}

export const CITY_LIST: CityDef[] = [
  {
    id: "SA-RUH",
    country: "SA",
    nameEn: "Riyadh",
    nameAr: "الرياض",
    aliases: ["Riyad", "Ar Riyad", "Er Riyadh", "رياض"],
  },
  {
    id: "SA-JED",
    country: "SA",
    nameEn: "Jeddah",
    nameAr: "جدة",
    aliases: ["Jiddah", "Jidda", "Jedda", "Juddah", "جده"],
  },
  {
    id: "SA-MKK",
    country: "SA",
    nameEn: "Mecca",
    nameAr: "مكة المكرمة",
    aliases: ["Makkah", "Makka", "مكة", "مكه"],
  },
  {
    id: "SA-MED",
    country: "SA",
    nameEn: "Medina",
    nameAr: "المدينة المنورة",
    aliases: ["Madinah", "Al Madinah", "Madina", "المدينة"],
  },
  { id: "SA-DMM", country: "SA", nameEn: "Dammam", nameAr: "الدمام", aliases: ["Ad Dammam", "دمام"] },
  {
    id: "SA-KHB",
    country: "SA",
    nameEn: "Khobar",
    nameAr: "الخبر",
    aliases: ["Al Khobar", "Al-Khobar", "Khubar", "خبر"],
  },
  { id: "SA-DHA", country: "SA", nameEn: "Dhahran", nameAr: "الظهران", aliases: ["Zahran", "ظهران"] },
  { id: "SA-TIF", country: "SA", nameEn: "Taif", nameAr: "الطائف", aliases: ["At Taif", "Ta'if", "طائف"] },
  { id: "SA-TUU", country: "SA", nameEn: "Tabuk", nameAr: "تبوك", aliases: ["Tabouk"] },
  {
    id: "SA-ELQ",
    country: "SA",
    nameEn: "Buraidah",
    nameAr: "بريدة",
    aliases: ["Buraydah", "Buraida", "بريده"],
  },
  { id: "SA-AHB", country: "SA", nameEn: "Abha", nameAr: "أبها", aliases: ["ابها"] },
  { id: "SA-KMX", country: "SA", nameEn: "Khamis Mushait", nameAr: "خميس مشيط", aliases: ["Khamis Mushayt"] },
  { id: "SA-HAS", country: "SA", nameEn: "Hail", nameAr: "حائل", aliases: ["Ha'il", "Hayil"] },
  { id: "SA-JUB", country: "SA", nameEn: "Jubail", nameAr: "الجبيل", aliases: ["Al Jubail", "جبيل"] },
  { id: "SA-YNB", country: "SA", nameEn: "Yanbu", nameAr: "ينبع", aliases: ["Yenbo", "Yanbu al Bahr"] },
  { id: "SA-EAM", country: "SA", nameEn: "Najran", nameAr: "نجران", aliases: [] },
  { id: "SA-GIZ", country: "SA", nameEn: "Jazan", nameAr: "جازان", aliases: ["Jizan", "Gizan", "جيزان"] },
  {
    id: "SA-HOF",
    country: "SA",
    nameEn: "Al Ahsa",
    nameAr: "الأحساء",
    aliases: ["Hofuf", "Al Hofuf", "Al-Hasa", "الهفوف"],
  },
  { id: "AE-DXB", country: "AE", nameEn: "Dubai", nameAr: "دبي", aliases: ["Dubayy", "Dubay"] },
  {
    id: "AE-AUH",
    country: "AE",
    nameEn: "Abu Dhabi",
    nameAr: "أبوظبي",
    aliases: ["Abu Zabi", "Abudhabi", "أبو ظبي"],
  },
  {
    id: "AE-SHJ",
    country: "AE",
    nameEn: "Sharjah",
    nameAr: "الشارقة",
    aliases: ["Ash Shariqah", "Sharja", "شارقة"],
  },
  { id: "AE-AJM", country: "AE", nameEn: "Ajman", nameAr: "عجمان", aliases: [] },
  {
    id: "AE-RKT",
    country: "AE",
    nameEn: "Ras Al Khaimah",
    nameAr: "رأس الخيمة",
    aliases: ["RAK", "Ras al-Khaimah"],
  },
  { id: "AE-FJR", country: "AE", nameEn: "Fujairah", nameAr: "الفجيرة", aliases: ["Al Fujairah", "فجيرة"] },
  {
    id: "AE-UAQ",
    country: "AE",
    nameEn: "Umm Al Quwain",
    nameAr: "أم القيوين",
    aliases: ["Umm al-Qaiwain", "UAQ"],
  },
  { id: "AE-AAN", country: "AE", nameEn: "Al Ain", nameAr: "العين", aliases: ["Ain", "Al-Ain"] },
  {
    id: "KW-KWI",
    country: "KW",
    nameEn: "Kuwait City",
    nameAr: "مدينة الكويت",
    aliases: ["Kuwait", "Al Kuwayt", "الكويت"],
  },
  { id: "KW-HAW", country: "KW", nameEn: "Hawalli", nameAr: "حولي", aliases: ["Hawally"] },
  {
    id: "KW-SAL",
    country: "KW",
    nameEn: "Salmiya",
    nameAr: "السالمية",
    aliases: ["Salmiyah", "As Salimiyah", "سالمية"],
  },
  {
    id: "KW-FAR",
    country: "KW",
    nameEn: "Farwaniya",
    nameAr: "الفروانية",
    aliases: ["Al Farwaniyah", "فروانية"],
  },
  { id: "KW-JAH", country: "KW", nameEn: "Jahra", nameAr: "الجهراء", aliases: ["Al Jahra", "جهراء"] },
  { id: "KW-AHM", country: "KW", nameEn: "Ahmadi", nameAr: "الأحمدي", aliases: ["Al Ahmadi", "أحمدي"] },
  { id: "BH-MAN", country: "BH", nameEn: "Manama", nameAr: "المنامة", aliases: ["Al Manamah", "منامة"] },
  { id: "BH-MUH", country: "BH", nameEn: "Muharraq", nameAr: "المحرق", aliases: ["Al Muharraq", "محرق"] },
  { id: "BH-RIF", country: "BH", nameEn: "Riffa", nameAr: "الرفاع", aliases: ["Ar Rifa", "Rifaa", "رفاع"] },
  { id: "BH-ISA", country: "BH", nameEn: "Isa Town", nameAr: "مدينة عيسى", aliases: ["Madinat Isa"] },
  { id: "QA-DOH", country: "QA", nameEn: "Doha", nameAr: "الدوحة", aliases: ["Ad Dawhah", "Dawha", "دوحة"] },
  {
    id: "QA-RAY",
    country: "QA",
    nameEn: "Al Rayyan",
    nameAr: "الريان",
    aliases: ["Ar Rayyan", "Rayyan", "ريان"],
  },
  { id: "QA-WAK", country: "QA", nameEn: "Al Wakrah", nameAr: "الوكرة", aliases: ["Wakra", "وكرة"] },
  { id: "QA-KHO", country: "QA", nameEn: "Al Khor", nameAr: "الخور", aliases: ["Khor", "خور"] },
  { id: "OM-MCT", country: "OM", nameEn: "Muscat", nameAr: "مسقط", aliases: ["Masqat", "Maskat"] },
  { id: "OM-SLL", country: "OM", nameEn: "Salalah", nameAr: "صلالة", aliases: ["Salala", "صلاله"] },
  { id: "OM-OHS", country: "OM", nameEn: "Sohar", nameAr: "صحار", aliases: ["Suhar"] },
  { id: "OM-NIZ", country: "OM", nameEn: "Nizwa", nameAr: "نزوى", aliases: ["Nazwa", "نزوي"] },
  { id: "OM-SUR", country: "OM", nameEn: "Sur", nameAr: "صور", aliases: ["Soor"] },
];
