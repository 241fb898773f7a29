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

/** Each city: its id (the country's code, a dash, the city's), English and Arabic names, other spellings. */
const CITIES: [id: string, nameEn: string, nameAr: string, aliases: string[]][] = [
  ["SA-RUH", "Riyadh", "الرياض", ["Riyad", "Ar Riyad", "Er Riyadh", "رياض"]],
  ["SA-JED", "Jeddah", "جدة", ["Jiddah", "Jidda", "Jedda", "Juddah", "جده"]],
  ["SA-MKK", "Mecca", "مكة المكرمة", ["Makkah", "Makka", "مكة", "مكه"]],
  ["SA-MED", "Medina", "المدينة المنورة", ["Madinah", "Al Madinah", "Madina", "المدينة"]],
  ["SA-DMM", "Dammam", "الدمام", ["Ad Dammam", "دمام"]],
  ["SA-KHB", "Khobar", "الخبر", ["Al Khobar", "Al-Khobar", "Khubar", "خبر"]],
  ["SA-DHA", "Dhahran", "الظهران", ["Zahran", "ظهران"]],
  ["SA-TIF", "Taif", "الطائف", ["At Taif", "Ta'if", "طائف"]],
  ["SA-TUU", "Tabuk", "تبوك", ["Tabouk"]],
  ["SA-ELQ", "Buraidah", "بريدة", ["Buraydah", "Buraida", "بريده"]],
  ["SA-AHB", "Abha", "أبها", ["ابها"]],
  ["SA-KMX", "Khamis Mushait", "خميس مشيط", ["Khamis Mushayt"]],
  ["SA-HAS", "Hail", "حائل", ["Ha'il", "Hayil"]],
  ["SA-JUB", "Jubail", "الجبيل", ["Al Jubail", "جبيل"]],
  ["SA-YNB", "Yanbu", "ينبع", ["Yenbo", "Yanbu al Bahr"]],
  ["SA-EAM", "Najran", "نجران", []],
  ["SA-GIZ", "Jazan", "جازان", ["Jizan", "Gizan", "جيزان"]],
  ["SA-HOF", "Al Ahsa", "الأحساء", ["Hofuf", "Al Hofuf", "Al-Hasa", "الهفوف"]],
  ["AE-DXB", "Dubai", "دبي", ["Dubayy", "Dubay"]],
  ["AE-AUH", "Abu Dhabi", "أبوظبي", ["Abu Zabi", "Abudhabi", "أبو ظبي"]],
  ["AE-SHJ", "Sharjah", "الشارقة", ["Ash Shariqah", "Sharja", "شارقة"]],
  ["AE-AJM", "Ajman", "عجمان", []],
  ["AE-RKT", "Ras Al Khaimah", "رأس الخيمة", ["RAK", "Ras al-Khaimah"]],
  ["AE-FJR", "Fujairah", "الفجيرة", ["Al Fujairah", "فجيرة"]],
  ["AE-UAQ", "Umm Al Quwain", "أم القيوين", ["Umm al-Qaiwain", "UAQ"]],
  ["AE-AAN", "Al Ain", "العين", ["Ain", "Al-Ain"]],
  ["KW-KWI", "Kuwait City", "مدينة الكويت", ["Kuwait", "Al Kuwayt", "الكويت"]],
  ["KW-HAW", "Hawalli", "حولي", ["Hawally"]],
  ["KW-SAL", "Salmiya", "السالمية", ["Salmiyah", "As Salimiyah", "سالمية"]],
  ["KW-FAR", "Farwaniya", "الفروانية", ["Al Farwaniyah", "فروانية"]],
  ["KW-JAH", "Jahra", "الجهراء", ["Al Jahra", "جهراء"]],
  ["KW-AHM", "Ahmadi", "الأحمدي", ["Al Ahmadi", "أحمدي"]],
  ["BH-MAN", "Manama", "المنامة", ["Al Manamah", "منامة"]],
  ["BH-MUH", "Muharraq", "المحرق", ["Al Muharraq", "محرق"]],
  ["BH-RIF", "Riffa", "الرفاع", ["Ar Rifa", "Rifaa", "رفاع"]],
  ["BH-ISA", "Isa Town", "مدينة عيسى", ["Madinat Isa"]],
  ["QA-DOH", "Doha", "الدوحة", ["Ad Dawhah", "Dawha", "دوحة"]],
  ["QA-RAY", "Al Rayyan", "الريان", ["Ar Rayyan", "Rayyan", "ريان"]],
  ["QA-WAK", "Al Wakrah", "الوكرة", ["Wakra", "وكرة"]],
  ["QA-KHO", "Al Khor", "الخور", ["Khor", "خور"]],
  ["OM-MCT", "Muscat", "مسقط", ["Masqat", "Maskat"]],
  ["OM-SLL", "Salalah", "صلالة", ["Salala", "صلاله"]],
  ["OM-OHS", "Sohar", "صحار", ["Suhar"]],
  ["OM-NIZ", "Nizwa", "نزوى", ["Nazwa", "نزوي"]],
  ["OM-SUR", "Sur", "صور", ["Soor"]],
];

export const CITY_LIST: CityDef[] = CITIES.map(([id, nameEn, nameAr, aliases]) => ({
  id,
  country: id.slice(0, 2),
  nameEn,
  nameAr,
  aliases,
}));
