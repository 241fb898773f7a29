import type { CategoryDef } from "./types";

/** Ink Atelier: the second demo store, so two tenants can be compared side by side. */
export const INKS_CATALOG: CategoryDef[] = [
  {
    slug: "fountain-pen-inks",
    nameEn: "Fountain Pen Inks",
    nameAr: "أحبار أقلام الحبر",
    descriptionEn: "Free-flowing, pH-neutral inks that are kind to nibs and feeds.",
    descriptionAr: "أحبار سلسة التدفق ومتعادلة الحموضة ورفيقة بالريشة ومغذّي الحبر.",
    subcategories: [
      {
        slug: "bottled-inks",
        nameEn: "Bottled Inks",
        nameAr: "أحبار في زجاجات",
        usageEn: "50 ml bottle with a wide base that will not tip while you fill your pen.",
        usageAr: "زجاجة 50 مل بقاعدة عريضة لا تنقلب أثناء تعبئة القلم.",
        price: [9, 28],
        products: [
          { nameEn: "Midnight Blue Ink", nameAr: "حبر أزرق منتصف الليل", hex: "#191970", family: "blue" },
          { nameEn: "Scarlet Ink", nameAr: "حبر أحمر قانٍ", hex: "#D62718", family: "red" },
          { nameEn: "Forest Green Ink", nameAr: "حبر أخضر بلون الغابة", hex: "#228B22", family: "green" },
          { nameEn: "Sepia Ink", nameAr: "حبر بني بلون السيبيا", hex: "#704214", family: "brown" },
          { nameEn: "Amethyst Ink", nameAr: "حبر بنفسجي بلون الجمشت", hex: "#9966CC", family: "purple" },
        ],
      },
      {
        slug: "ink-cartridges",
        nameEn: "Ink Cartridges",
        nameAr: "خراطيش الحبر",
        usageEn: "Box of twelve standard international cartridges; fits most European pens.",
        usageAr: "علبة من اثنتي عشرة خرطوشة دولية قياسية؛ تناسب معظم الأقلام الأوروبية.",
        price: [5, 12],
        products: [
          {
            nameEn: "Blue-Black Ink Cartridges",
            nameAr: "خراطيش حبر أزرق مسودّ",
            hex: "#1C2841",
            family: "blue",
          },
          {
            nameEn: "Jet Black Ink Cartridges",
            nameAr: "خراطيش حبر أسود فاحم",
            hex: "#0B0B0B",
            family: "black",
          },
          { nameEn: "Turquoise Ink Cartridges", nameAr: "خراطيش حبر فيروزي", hex: "#30B5C8", family: "blue" },
        ],
      },
    ],
  },
  {
    slug: "calligraphy-inks",
    nameEn: "Calligraphy Inks",
    nameAr: "أحبار الخط",
    descriptionEn: "Inks for reed and dip pens, from traditional soot black to burnished gold.",
    descriptionAr: "أحبار لأقلام القصب والريشة، من أسود السخام التقليدي إلى الذهبي المصقول.",
    subcategories: [
      {
        slug: "traditional-inks",
        nameEn: "Traditional Inks",
        nameAr: "أحبار تقليدية",
        usageEn:
          "Prepared to classical recipes for crisp hairlines and glossy, even strokes on treated paper.",
        usageAr: "محضّرة وفق الوصفات الكلاسيكية لخطوط رفيعة حادة وضربات لامعة متجانسة على الورق المُعالَج.",
        price: [7, 24],
        products: [
          {
            nameEn: "Soot Black Calligraphy Ink",
            nameAr: "حبر خط أسود من السخام",
            hex: "#101010",
            family: "black",
          },
          { nameEn: "Saffron Calligraphy Ink", nameAr: "حبر خط زعفراني", hex: "#F4C430", family: "yellow" },
          { nameEn: "Iron Gall Ink", nameAr: "حبر العفص والحديد", hex: "#2F2B2A", family: "black" },
          {
            nameEn: "Vermilion Calligraphy Ink",
            nameAr: "حبر خط أحمر زنجفري",
            hex: "#E34234",
            family: "red",
          },
        ],
      },
      {
        slug: "metallic-inks",
        nameEn: "Metallic Inks",
        nameAr: "أحبار معدنية",
        usageEn: "Shake well: fine metallic pigment for illumination, headings and wedding stationery.",
        usageAr: "رجّ جيدًا: صبغة معدنية ناعمة للتذهيب والعناوين وبطاقات الأعراس.",
        price: [12, 30],
        products: [
          { nameEn: "Gold Calligraphy Ink", nameAr: "حبر خط ذهبي", hex: "#D4AF37", family: "yellow" },
          { nameEn: "Silver Calligraphy Ink", nameAr: "حبر خط فضي", hex: "#C0C0C0", family: "gray" },
          { nameEn: "Copper Calligraphy Ink", nameAr: "حبر خط نحاسي", hex: "#B87333", family: "orange" },
        ],
      },
    ],
  },
  {
    slug: "drawing-inks",
    nameEn: "Drawing & Art Inks",
    nameAr: "أحبار الرسم والفنون",
    descriptionEn: "Waterproof and lightfast inks for illustration, comics and mixed media.",
    descriptionAr: "أحبار مقاومة للماء وثابتة أمام الضوء للرسم التوضيحي والقصص المصورة والوسائط المتعددة.",
    subcategories: [
      {
        slug: "india-inks",
        nameEn: "India Inks",
        nameAr: "أحبار هندية",
        usageEn: "Shellac-bound and waterproof once dry, for dip pens, brushes and technical pens.",
        usageAr: "مثبّتة بالشيلاك ومقاومة للماء بعد الجفاف، لأقلام الريشة والفرش والأقلام الهندسية.",
        price: [6, 18],
        products: [
          { nameEn: "Black India Ink", nameAr: "حبر هندي أسود", hex: "#0A0A0A", family: "black" },
          { nameEn: "White Drawing Ink", nameAr: "حبر رسم أبيض", hex: "#FBFBF8", family: "white" },
        ],
      },
      {
        slug: "acrylic-inks",
        nameEn: "Acrylic Inks",
        nameAr: "أحبار أكريليك",
        usageEn:
          "Intense, fluid acrylic colour for airbrush, brush and pouring; intermixable and water-resistant.",
        usageAr: "ألوان أكريليك سائلة وكثيفة للبخاخ والفرشاة والسكب؛ قابلة للمزج ومقاومة للماء.",
        price: [8, 16],
        products: [
          { nameEn: "Magenta Acrylic Ink", nameAr: "حبر أكريليك أرجواني", hex: "#E20074", family: "pink" },
          { nameEn: "Cyan Acrylic Ink", nameAr: "حبر أكريليك سماوي", hex: "#00A3D9", family: "blue" },
          {
            nameEn: "Sunshine Yellow Acrylic Ink",
            nameAr: "حبر أكريليك أصفر مشمس",
            hex: "#FFD700",
            family: "yellow",
          },
        ],
      },
      {
        slug: "alcohol-inks",
        nameEn: "Alcohol Inks",
        nameAr: "أحبار كحولية",
        usageEn: "Fast-drying, vibrant ink for yupo paper, ceramic tiles and resin art.",
        usageAr: "حبر زاهٍ سريع الجفاف لورق يوبو وبلاط السيراميك وفن الريزن.",
        price: [5, 12],
        products: [
          { nameEn: "Coral Alcohol Ink", nameAr: "حبر كحولي مرجاني", hex: "#FF7F50", family: "orange" },
          { nameEn: "Lime Alcohol Ink", nameAr: "حبر كحولي أخضر ليموني", hex: "#9ACD32", family: "green" },
          { nameEn: "Plum Alcohol Ink", nameAr: "حبر كحولي بلون البرقوق", hex: "#8E4585", family: "purple" },
        ],
      },
    ],
  },
  {
    slug: "stamp-inks",
    nameEn: "Stamp Inks",
    nameAr: "أحبار الأختام",
    descriptionEn: "Ink pads and refills for rubber stamps, seals and embossing.",
    descriptionAr: "وسادات حبر وعبوات تعبئة للأختام المطاطية والطوابع والنقش البارز.",
    subcategories: [
      {
        slug: "ink-pads",
        nameEn: "Ink Pads",
        nameAr: "وسادات الحبر",
        usageEn: "Raised felt pad for crisp impressions on paper and card; lid snaps shut to stop drying.",
        usageAr: "وسادة لبّاد بارزة لطبعات واضحة على الورق والكرتون؛ غطاء محكم يمنع الجفاف.",
        price: [4, 10],
        products: [
          { nameEn: "Black Ink Pad", nameAr: "وسادة حبر سوداء", hex: "#151515", family: "black" },
          { nameEn: "Red Ink Pad", nameAr: "وسادة حبر حمراء", hex: "#C41E3A", family: "red" },
        ],
      },
      {
        slug: "refill-inks",
        nameEn: "Refill Inks",
        nameAr: "أحبار إعادة التعبئة",
        usageEn: "25 ml dropper bottle that re-inks a pad about thirty times.",
        usageAr: "زجاجة بقطّارة سعة 25 مل تعيد تعبئة الوسادة نحو ثلاثين مرة.",
        price: [3, 8],
        products: [
          { nameEn: "Royal Blue Refill Ink", nameAr: "حبر تعبئة أزرق ملكي", hex: "#0033A0", family: "blue" },
          { nameEn: "Violet Refill Ink", nameAr: "حبر تعبئة بنفسجي", hex: "#6B3FA0", family: "purple" },
        ],
      },
    ],
  },
];
