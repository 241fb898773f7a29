import type { CategoryDef } from "./types";

/** Dye & Shade Co.: the main demo store. Seven departments, each with two to four shelves. */
export const DYES_CATALOG: CategoryDef[] = [
  {
    slug: "fabric-dyes",
    nameEn: "Fabric Dyes",
    nameAr: "صبغات الأقمشة",
    descriptionEn: "Dyes for cotton, linen, silk, wool and blends, for the washing machine or the bucket.",
    descriptionAr: "صبغات للقطن والكتان والحرير والصوف والأقمشة المخلوطة، في الغسالة أو في الدلو.",
    subcategories: [
      {
        slug: "all-purpose-dyes",
        nameEn: "All-Purpose Dyes",
        nameAr: "صبغات متعددة الاستخدامات",
        usageEn:
          "Works on cotton, linen, rayon and silk in the washing machine or on the stove; one pack colours up to 500 g of dry fabric.",
        usageAr:
          "تناسب القطن والكتان والحرير الصناعي والطبيعي في الغسالة أو على الموقد؛ العبوة الواحدة تكفي لصبغ حتى 500 غرام من القماش الجاف.",
        price: [4, 12],
        products: [
          {
            nameEn: "Crimson Red Fabric Dye",
            nameAr: "صبغة قماش حمراء قرمزية",
            hex: "#DC143C",
            family: "red",
          },
          {
            nameEn: "Royal Blue Fabric Dye",
            nameAr: "صبغة قماش زرقاء ملكية",
            hex: "#4169E1",
            family: "blue",
          },
          {
            nameEn: "Emerald Green Fabric Dye",
            nameAr: "صبغة قماش خضراء زمردية",
            hex: "#1F9D55",
            family: "green",
          },
          {
            nameEn: "Jet Black Fabric Dye",
            nameAr: "صبغة قماش سوداء فاحمة",
            hex: "#141414",
            family: "black",
          },
        ],
      },
      {
        slug: "cold-water-dyes",
        nameEn: "Cold-Water Dyes",
        nameAr: "صبغات الماء البارد",
        usageEn:
          "Dyes at room temperature, so delicate fibres keep their shape; fix with the included salt and soda.",
        usageAr:
          "تصبغ في درجة حرارة الغرفة فتحافظ الألياف الرقيقة على شكلها؛ ثبّت اللون بالملح والصودا المرفقين.",
        price: [5, 14],
        products: [
          {
            nameEn: "Tangerine Cold-Water Dye",
            nameAr: "صبغة ماء بارد برتقالية يوسفية",
            hex: "#F28500",
            family: "orange",
          },
          {
            nameEn: "Lemon Yellow Cold-Water Dye",
            nameAr: "صبغة ماء بارد صفراء ليمونية",
            hex: "#F7E23E",
            family: "yellow",
          },
          {
            nameEn: "Fuchsia Cold-Water Dye",
            nameAr: "صبغة ماء بارد وردية فوشيا",
            hex: "#E0218A",
            family: "pink",
          },
          {
            nameEn: "Denim Blue Cold-Water Dye",
            nameAr: "صبغة ماء بارد زرقاء بلون الجينز",
            hex: "#1560BD",
            family: "blue",
          },
        ],
      },
      {
        slug: "tie-dye-kits",
        nameEn: "Tie-Dye Kits",
        nameAr: "أطقم الصباغة بالربط",
        usageEn:
          "Everything for six T-shirts: squeeze bottles, rubber bands, gloves and an illustrated folding guide.",
        usageAr: "كل ما تحتاجه لست قمصان: زجاجات ضغط وأربطة مطاطية وقفازات ودليل مصوّر لطرق الطي.",
        price: [18, 32],
        products: [
          {
            nameEn: "Sunset Tie-Dye Kit",
            nameAr: "طقم صباغة بالربط بألوان الغروب",
            hex: "#FF6F3C",
            family: "orange",
          },
          {
            nameEn: "Ocean Tie-Dye Kit",
            nameAr: "طقم صباغة بالربط بألوان المحيط",
            hex: "#1CA3C4",
            family: "blue",
          },
          {
            nameEn: "Berry Tie-Dye Kit",
            nameAr: "طقم صباغة بالربط بألوان التوت",
            hex: "#8E2C6B",
            family: "purple",
          },
        ],
      },
    ],
  },
  {
    slug: "hair-colours",
    nameEn: "Hair Colours",
    nameAr: "صبغات الشعر",
    descriptionEn: "Salon-grade hair colours, from natural browns to playful pastels, plus pure henna.",
    descriptionAr:
      "صبغات شعر باحترافية الصالونات، من البني الطبيعي إلى ألوان الباستيل المرحة، إضافة إلى الحناء النقية.",
    subcategories: [
      {
        slug: "permanent-hair-colours",
        nameEn: "Permanent Colours",
        nameAr: "ألوان دائمة",
        usageEn:
          "Full grey coverage that lasts until it grows out; kit with developer, conditioner and gloves.",
        usageAr: "تغطية كاملة للشيب تدوم حتى نمو الشعر؛ الطقم يشمل المظهّر والبلسم والقفازات.",
        price: [9, 24],
        products: [
          {
            nameEn: "Chestnut Brown Hair Colour",
            nameAr: "صبغة شعر بنية كستنائية",
            hex: "#954535",
            family: "brown",
          },
          {
            nameEn: "Natural Black Hair Colour",
            nameAr: "صبغة شعر سوداء طبيعية",
            hex: "#1B1B1B",
            family: "black",
          },
          {
            nameEn: "Copper Red Hair Colour",
            nameAr: "صبغة شعر حمراء نحاسية",
            hex: "#B5452A",
            family: "red",
          },
          {
            nameEn: "Golden Blonde Hair Colour",
            nameAr: "صبغة شعر أشقر ذهبي",
            hex: "#E6BE8A",
            family: "yellow",
          },
        ],
      },
      {
        slug: "semi-permanent-hair-colours",
        nameEn: "Semi-Permanent Colours",
        nameAr: "ألوان شبه دائمة",
        usageEn: "Ammonia-free conditioning colour that fades gently over 15 to 20 washes.",
        usageAr: "لون مرطّب خالٍ من الأمونيا يتلاشى بلطف بعد 15 إلى 20 غسلة.",
        price: [8, 18],
        products: [
          {
            nameEn: "Burgundy Semi-Permanent Colour",
            nameAr: "صبغة شعر شبه دائمة عنابية",
            hex: "#800020",
            family: "red",
          },
          {
            nameEn: "Violet Semi-Permanent Colour",
            nameAr: "صبغة شعر شبه دائمة بنفسجية",
            hex: "#7F3FBF",
            family: "purple",
          },
          {
            nameEn: "Pastel Pink Semi-Permanent Colour",
            nameAr: "صبغة شعر شبه دائمة وردية فاتحة",
            hex: "#F4B6CE",
            family: "pink",
          },
        ],
      },
      {
        slug: "henna",
        nameEn: "Henna",
        nameAr: "الحناء",
        usageEn:
          "Finely sifted, body-art quality leaves; mix with lemon juice and leave to release overnight.",
        usageAr:
          "أوراق منخولة بعناية بجودة تناسب النقش على الجسم؛ اعجنها بعصير الليمون واتركها ليلة كاملة ليتحرر اللون.",
        price: [6, 16],
        products: [
          { nameEn: "Pure Red Henna", nameAr: "حناء حمراء نقية", hex: "#A0412D", family: "red" },
          { nameEn: "Dark Brown Henna", nameAr: "حناء بنية داكنة", hex: "#5C3317", family: "brown" },
          {
            nameEn: "Henna and Indigo Blend",
            nameAr: "خليط الحناء والنيلة",
            hex: "#2E2A3A",
            family: "black",
          },
        ],
      },
    ],
  },
  {
    slug: "food-colouring",
    nameEn: "Food Colouring",
    nameAr: "ألوان الطعام",
    descriptionEn: "Food-safe colours for cakes, icing, macarons and drinks, in gel, liquid and powder.",
    descriptionAr: "ألوان آمنة للطعام للكعك والتزيين والماكرون والمشروبات، على شكل جل وسائل وبودرة.",
    subcategories: [
      {
        slug: "gel-food-colours",
        nameEn: "Gel Colours",
        nameAr: "ألوان جل",
        usageEn:
          "Highly concentrated gel: a toothpick's worth tints a whole batch of buttercream without thinning it.",
        usageAr:
          "جل شديد التركيز: كمية على رأس عود أسنان تكفي لتلوين دفعة كاملة من كريمة الزبدة دون أن تصبح سائلة.",
        price: [3, 9],
        products: [
          {
            nameEn: "Cherry Red Gel Food Colour",
            nameAr: "لون طعام جل أحمر كرزي",
            hex: "#C8102E",
            family: "red",
          },
          {
            nameEn: "Sky Blue Gel Food Colour",
            nameAr: "لون طعام جل أزرق سماوي",
            hex: "#6EC1E4",
            family: "blue",
          },
          {
            nameEn: "Leaf Green Gel Food Colour",
            nameAr: "لون طعام جل أخضر ورقي",
            hex: "#4CAF50",
            family: "green",
          },
          {
            nameEn: "Bright Orange Gel Food Colour",
            nameAr: "لون طعام جل برتقالي زاهٍ",
            hex: "#FF8C00",
            family: "orange",
          },
        ],
      },
      {
        slug: "liquid-food-colours",
        nameEn: "Liquid Colours",
        nameAr: "ألوان سائلة",
        usageEn: "Easy-pour liquid colour for drinks, batters and Easter eggs; drops are easy to count.",
        usageAr: "لون سائل سهل السكب للمشروبات والعجائن وبيض العيد؛ يسهل عدّ القطرات.",
        price: [3, 7],
        products: [
          {
            nameEn: "Egg Yolk Yellow Liquid Food Colour",
            nameAr: "لون طعام سائل أصفر بلون صفار البيض",
            hex: "#FFC72C",
            family: "yellow",
          },
          {
            nameEn: "Rose Pink Liquid Food Colour",
            nameAr: "لون طعام سائل وردي",
            hex: "#FF66A3",
            family: "pink",
          },
          {
            nameEn: "Chocolate Brown Liquid Food Colour",
            nameAr: "لون طعام سائل بني بلون الشوكولاتة",
            hex: "#7B3F00",
            family: "brown",
          },
        ],
      },
      {
        slug: "powder-food-colours",
        nameEn: "Powder Colours",
        nameAr: "ألوان بودرة",
        usageEn:
          "Water-free powder for chocolate, macarons and fondant, where liquid would spoil the texture.",
        usageAr: "بودرة خالية من الماء للشوكولاتة والماكرون وعجينة السكر، حيث يفسد السائل القوام.",
        price: [5, 12],
        products: [
          {
            nameEn: "Royal Purple Powder Food Colour",
            nameAr: "بودرة لون طعام بنفسجية ملكية",
            hex: "#6A0DAD",
            family: "purple",
          },
          {
            nameEn: "Snow White Powder Food Colour",
            nameAr: "بودرة لون طعام بيضاء ناصعة",
            hex: "#F7F7F5",
            family: "white",
          },
          {
            nameEn: "Charcoal Black Powder Food Colour",
            nameAr: "بودرة لون طعام سوداء من الفحم النباتي",
            hex: "#232323",
            family: "black",
          },
        ],
      },
      {
        slug: "edible-lustre-dusts",
        nameEn: "Edible Lustre Dusts",
        nameAr: "غبار لامع صالح للأكل",
        usageEn: "Brush on dry for a soft shimmer, or mix with a drop of alcohol to paint metallic details.",
        usageAr: "يُوزّع جافًا بالفرشاة للمعان ناعم، أو يُمزج بقطرة كحول لرسم تفاصيل معدنية.",
        price: [7, 15],
        products: [
          {
            nameEn: "Gold Lustre Dust",
            nameAr: "غبار لامع ذهبي صالح للأكل",
            hex: "#D4AF37",
            family: "yellow",
          },
          {
            nameEn: "Silver Lustre Dust",
            nameAr: "غبار لامع فضي صالح للأكل",
            hex: "#B8B8BC",
            family: "gray",
          },
          {
            nameEn: "Pearl White Lustre Dust",
            nameAr: "غبار لامع أبيض لؤلؤي صالح للأكل",
            hex: "#F0EAD6",
            family: "white",
          },
        ],
      },
    ],
  },
  {
    slug: "natural-dyes",
    nameEn: "Natural Dyes",
    nameAr: "الأصباغ الطبيعية",
    descriptionEn: "Traditional dyes from roots, leaves, bark and insects, with the mordants that fix them.",
    descriptionAr: "أصباغ تقليدية من الجذور والأوراق واللحاء والحشرات، مع المثبتات التي تحفظ ألوانها.",
    subcategories: [
      {
        slug: "plant-dyes",
        nameEn: "Plant Dyes",
        nameAr: "أصباغ نباتية",
        usageEn: "Ground plant material for protein and cellulose fibres; results deepen with each dip.",
        usageAr: "مواد نباتية مطحونة للألياف البروتينية والسليلوزية؛ يزداد اللون عمقًا مع كل غمسة.",
        price: [8, 28],
        products: [
          { nameEn: "Madder Root Red Dye", nameAr: "صبغة جذور الفوّة الحمراء", hex: "#B7282E", family: "red" },
          // The demo's zero-rated product (issue 35): shows the tax class on the admin product
          // form, in the products CSV and as "0%" in the sales report's VAT (not a claim of law).
          {
            nameEn: "Indigo Powder",
            nameAr: "مسحوق النيلة الزرقاء",
            hex: "#26428B",
            family: "blue",
            taxClass: "zero-rated",
          },
          { nameEn: "Turmeric Yellow Dye", nameAr: "صبغة الكركم الصفراء", hex: "#E8A317", family: "yellow" },
          {
            nameEn: "Walnut Hull Brown Dye",
            nameAr: "صبغة قشر الجوز البنية",
            hex: "#5D432C",
            family: "brown",
          },
        ],
      },
      {
        slug: "insect-and-mineral-dyes",
        nameEn: "Insect & Mineral Dyes",
        nameAr: "أصباغ حشرية ومعدنية",
        usageEn: "Historic colourants prized for depth and light-fastness; a little goes a very long way.",
        usageAr: "ملونات تاريخية تُقدَّر لعمقها وثباتها أمام الضوء؛ القليل منها يكفي للكثير.",
        price: [14, 45],
        products: [
          { nameEn: "Cochineal Carmine Dye", nameAr: "صبغة القرمز الدودي", hex: "#960018", family: "red" },
          { nameEn: "Lac Dye", nameAr: "صبغة اللك", hex: "#A8324A", family: "pink" },
          { nameEn: "Ochre Earth Dye", nameAr: "صبغة المغرة الترابية", hex: "#CC7722", family: "orange" },
        ],
      },
      {
        slug: "mordants-and-fixatives",
        nameEn: "Mordants & Fixatives",
        nameAr: "مثبتات الألوان",
        usageEn: "Pre-treat fibres so natural dyes bond, brighten or sadden; measuring guide on the label.",
        usageAr:
          "تُعالَج بها الألياف مسبقًا كي ترتبط الأصباغ الطبيعية بها وتزداد إشراقًا أو قتامة؛ دليل المقادير على الملصق.",
        price: [5, 14],
        products: [
          { nameEn: "Alum Mordant", nameAr: "مثبّت الشبّة", hex: "#EEEAE2", family: "white" },
          { nameEn: "Iron Mordant", nameAr: "مثبّت كبريتات الحديد", hex: "#6B6B6B", family: "gray" },
          { nameEn: "Oak Gall Tannin", nameAr: "تانين عفص البلوط", hex: "#8B6F47", family: "brown" },
        ],
      },
    ],
  },
  {
    slug: "paint-pigments",
    nameEn: "Paint Pigments",
    nameAr: "أصباغ الدهانات",
    descriptionEn: "Dry pigments for oil, acrylic, watercolour, lime wash and plaster.",
    descriptionAr: "أصباغ جافة للألوان الزيتية والأكريليك والمائية والطلاء الجيري والجص.",
    subcategories: [
      {
        slug: "artist-pigments",
        nameEn: "Artist Pigments",
        nameAr: "أصباغ الفنانين",
        usageEn: "Single-pigment, lightfast powders for mulling your own paints; 100 g jar.",
        usageAr: "مساحيق أحادية الصبغة ثابتة أمام الضوء لتحضير ألوانك بنفسك؛ برطمان 100 غرام.",
        price: [15, 120],
        products: [
          {
            nameEn: "Ultramarine Blue Pigment",
            nameAr: "صبغة زرقاء لازوردية",
            hex: "#120A8F",
            family: "blue",
          },
          {
            nameEn: "Cadmium Yellow Pigment",
            nameAr: "صبغة صفراء كادميوم",
            hex: "#FFD300",
            family: "yellow",
          },
          { nameEn: "Cadmium Red Pigment", nameAr: "صبغة حمراء كادميوم", hex: "#E30022", family: "red" },
          {
            nameEn: "Viridian Green Pigment",
            nameAr: "صبغة خضراء فيريديان",
            hex: "#40826D",
            family: "green",
          },
          {
            nameEn: "Titanium White Pigment",
            nameAr: "صبغة بيضاء تيتانيوم",
            hex: "#F4F4F2",
            family: "white",
          },
        ],
      },
      {
        slug: "earth-pigments",
        nameEn: "Earth Pigments",
        nameAr: "أصباغ ترابية",
        usageEn: "Natural earths for lime wash, plaster and oil; safe, stable and easy to mix.",
        usageAr: "أتربة طبيعية للطلاء الجيري والجص والألوان الزيتية؛ آمنة وثابتة وسهلة المزج.",
        price: [10, 35],
        products: [
          { nameEn: "Burnt Sienna Pigment", nameAr: "صبغة سيينا محروقة", hex: "#8A3324", family: "brown" },
          { nameEn: "Raw Umber Pigment", nameAr: "صبغة أمبر خام", hex: "#826644", family: "brown" },
          { nameEn: "Yellow Ochre Pigment", nameAr: "صبغة مغرة صفراء", hex: "#CB9D06", family: "yellow" },
          { nameEn: "Red Ochre Pigment", nameAr: "صبغة مغرة حمراء", hex: "#913831", family: "red" },
        ],
      },
      {
        slug: "metallic-pigments",
        nameEn: "Metallic Pigments",
        nameAr: "أصباغ معدنية لامعة",
        usageEn: "Mica-based shimmer for resin, soap, nail art and wall glazes.",
        usageAr: "لمعان أساسه الميكا للريزن والصابون وفن الأظافر وطلاءات الجدران.",
        price: [12, 40],
        products: [
          {
            nameEn: "Copper Metallic Pigment",
            nameAr: "صبغة نحاسية لامعة",
            hex: "#B87333",
            family: "orange",
          },
          {
            nameEn: "Bronze Metallic Pigment",
            nameAr: "صبغة برونزية لامعة",
            hex: "#CD7F32",
            family: "brown",
          },
          { nameEn: "Silver Metallic Pigment", nameAr: "صبغة فضية لامعة", hex: "#AAA9AD", family: "gray" },
        ],
      },
    ],
  },
  {
    slug: "stains",
    nameEn: "Wood & Leather Stains",
    nameAr: "ملونات الخشب والجلود",
    descriptionEn: "Penetrating stains and dyes for wood, leather and glass.",
    descriptionAr: "ملونات وصبغات نافذة للخشب والجلود والزجاج.",
    subcategories: [
      {
        slug: "wood-stains",
        nameEn: "Wood Stains",
        nameAr: "ملونات الخشب",
        usageEn: "Water-based and low-odour; brush on, wipe off after five minutes, seal when dry.",
        usageAr: "أساسها الماء وقليلة الرائحة؛ تُدهن بالفرشاة وتُمسح بعد خمس دقائق وتُغلّف بعد الجفاف.",
        price: [11, 30],
        products: [
          {
            nameEn: "Dark Walnut Wood Stain",
            nameAr: "ملوّن خشب بلون الجوز الداكن",
            hex: "#4A3728",
            family: "brown",
          },
          { nameEn: "Mahogany Wood Stain", nameAr: "ملوّن خشب بلون الماهوجني", hex: "#7C2D1B", family: "red" },
          {
            nameEn: "Golden Oak Wood Stain",
            nameAr: "ملوّن خشب بلون البلوط الذهبي",
            hex: "#B5803F",
            family: "brown",
          },
          { nameEn: "Ebony Wood Stain", nameAr: "ملوّن خشب أسود أبنوسي", hex: "#2A2420", family: "black" },
        ],
      },
      {
        slug: "leather-dyes",
        nameEn: "Leather Dyes",
        nameAr: "صبغات الجلود",
        usageEn: "Alcohol-based dye for veg-tan leather: even, deep colour in one or two coats.",
        usageAr: "صبغة كحولية للجلد المدبوغ نباتيًا: لون متجانس وعميق من طبقة أو طبقتين.",
        price: [9, 22],
        products: [
          {
            nameEn: "Saddle Tan Leather Dye",
            nameAr: "صبغة جلود بلون السرج",
            hex: "#A0522D",
            family: "brown",
          },
          { nameEn: "Oxblood Leather Dye", nameAr: "صبغة جلود بلون دم الثور", hex: "#4A0404", family: "red" },
          { nameEn: "Navy Leather Dye", nameAr: "صبغة جلود كحلية", hex: "#1B2A5C", family: "blue" },
        ],
      },
      {
        slug: "glass-stains",
        nameEn: "Glass Stains",
        nameAr: "ملونات الزجاج",
        usageEn:
          "Transparent, light-catching colour for windows, jars and suncatchers; oven-cure for durability.",
        usageAr: "لون شفاف يلتقط الضوء للنوافذ والبرطمانات والزينة الزجاجية؛ يُثبَّت في الفرن ليدوم طويلًا.",
        price: [6, 16],
        products: [
          {
            nameEn: "Cobalt Blue Glass Stain",
            nameAr: "ملوّن زجاج أزرق كوبالتي",
            hex: "#0047AB",
            family: "blue",
          },
          { nameEn: "Amber Glass Stain", nameAr: "ملوّن زجاج كهرماني", hex: "#FFBF00", family: "orange" },
          { nameEn: "Ruby Red Glass Stain", nameAr: "ملوّن زجاج أحمر ياقوتي", hex: "#9B111E", family: "red" },
          { nameEn: "Emerald Glass Stain", nameAr: "ملوّن زجاج أخضر زمردي", hex: "#009B77", family: "green" },
        ],
      },
    ],
  },
  {
    slug: "candle-and-soap-colours",
    nameEn: "Candle & Soap Colours",
    nameAr: "ألوان الشموع والصابون",
    descriptionEn: "Colourants made for wax and for cold-process and melt-and-pour soap.",
    descriptionAr: "ملونات مخصصة للشمع ولصابون التصنيع البارد والصابون الجاهز للصهر.",
    subcategories: [
      {
        slug: "candle-dyes",
        nameEn: "Candle Dyes",
        nameAr: "صبغات الشموع",
        usageEn: "Dye chips that melt cleanly into soy, paraffin and beeswax without clogging the wick.",
        usageAr: "رقائق صبغ تذوب بسلاسة في شمع الصويا والبارافين وشمع العسل دون أن تسد الفتيل.",
        price: [4, 10],
        products: [
          {
            nameEn: "Lavender Candle Dye",
            nameAr: "صبغة شموع بلون الخزامى",
            hex: "#B57EDC",
            family: "purple",
          },
          {
            nameEn: "Sea Green Candle Dye",
            nameAr: "صبغة شموع خضراء بحرية",
            hex: "#2E8B57",
            family: "green",
          },
          {
            nameEn: "Blush Pink Candle Dye",
            nameAr: "صبغة شموع وردية خجولة",
            hex: "#DE5D83",
            family: "pink",
          },
        ],
      },
      {
        slug: "soap-colourants",
        nameEn: "Soap Colourants",
        nameAr: "ملونات الصابون",
        usageEn:
          "Skin-safe micas and oxides that stay true in high-pH soap and will not bleed between layers.",
        usageAr: "ميكا وأكاسيد آمنة على البشرة تحافظ على لونها في الصابون القلوي ولا تنتقل بين الطبقات.",
        price: [4, 11],
        products: [
          {
            nameEn: "Peach Soap Colourant",
            nameAr: "ملوّن صابون بلون الخوخ",
            hex: "#FFB38A",
            family: "orange",
          },
          {
            nameEn: "Mint Soap Colourant",
            nameAr: "ملوّن صابون بلون النعناع",
            hex: "#8FD9A8",
            family: "green",
          },
          {
            nameEn: "Charcoal Soap Colourant",
            nameAr: "ملوّن صابون بلون الفحم",
            hex: "#36454F",
            family: "gray",
          },
        ],
      },
    ],
  },
];
