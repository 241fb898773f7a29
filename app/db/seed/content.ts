/** Store-settings texts of the demo stores (homepage, about, terms, privacy, contact, footer). */
import { DEFAULT_CONTACT_HOURS } from "../../lib/contact-hours";

export interface SettingsContent {
  heroTitleEn: string;
  heroTitleAr: string;
  heroSubtitleEn: string;
  heroSubtitleAr: string;
  aboutEn: string;
  aboutAr: string;
  termsEn: string;
  termsAr: string;
  privacyEn: string;
  privacyAr: string;
  contactEmail: string;
  contactPhone: string;
  contactAddressEn: string;
  contactAddressAr: string;
  contactHours: string;
  footerTextEn: string;
  footerTextAr: string;
  socialLinks: { network: string; url: string }[];
}

function termsEn(store: string): string {
  return [
    `These terms apply to every order placed with ${store}. By placing an order you accept them.`,
    "Prices are shown in US dollars and include any discount in force when you order. We confirm each order by email; an order is accepted when we dispatch it.",
    "You may cancel an order until it ships, from the order page. Unopened products may be returned within 14 days of delivery for a full refund; opened dyes and colours cannot be returned for hygiene and safety reasons unless they are faulty.",
    "Colours on screen are a guide only: the final shade depends on the material, its preparation and the method you use. Always test on a small sample first and follow the safety instructions on the label.",
    "Questions about these terms? Contact us through the Contact Us page.",
  ].join("\n\n");
}

function termsAr(store: string): string {
  return [
    `تنطبق هذه الشروط على كل طلب يتم عبر ${store}. بإتمامك الطلب فإنك توافق عليها.`,
    "الأسعار معروضة بالدولار الأمريكي وتشمل أي خصم سارٍ وقت الطلب. نؤكد كل طلب عبر البريد الإلكتروني، ويُعد الطلب مقبولًا عند شحنه.",
    "يمكنك إلغاء الطلب من صفحة الطلب ما دام لم يُشحن بعد. يمكن إرجاع المنتجات غير المفتوحة خلال 14 يومًا من التسليم مع استرداد كامل المبلغ؛ أما الأصباغ والألوان المفتوحة فلا تُرجع لأسباب صحية وأمنية إلا إذا كان بها عيب.",
    "الألوان على الشاشة للاسترشاد فقط: يعتمد اللون النهائي على الخامة وطريقة تحضيرها والأسلوب المستخدم. جرّب دائمًا على عينة صغيرة أولًا واتبع تعليمات السلامة المدونة على الملصق.",
    "لأي استفسار عن هذه الشروط تواصل معنا عبر صفحة اتصل بنا.",
  ].join("\n\n");
}

function privacyEn(store: string): string {
  return [
    `${store} collects only what it needs to run your account and deliver your orders: your name, email address, shipping address and mobile number, and the orders and reviews you make.`,
    "Card payments are handled by our payment provider; we never see or store your card number.",
    "We use a single cookie to keep you signed in and to remember your language and theme. We do not use advertising or tracking cookies.",
    "We never sell your data. You can update your details from your profile at any time, or ask us to delete your account through the Contact Us page.",
  ].join("\n\n");
}

function privacyAr(store: string): string {
  return [
    `لا يجمع ${store} إلا ما يلزم لإدارة حسابك وتوصيل طلباتك: اسمك وبريدك الإلكتروني وعنوان الشحن ورقم هاتفك المحمول، والطلبات والتقييمات التي تقدمها.`,
    "تتولى شركة الدفع معالجة المدفوعات بالبطاقة؛ ولا نطّلع على رقم بطاقتك ولا نحفظه أبدًا.",
    "نستخدم ملف تعريف ارتباط واحدًا لإبقائك مسجلًا وتذكّر لغتك ومظهر الموقع. ولا نستخدم ملفات تعريف الارتباط الإعلانية أو التتبعية.",
    "لا نبيع بياناتك أبدًا. يمكنك تحديث بياناتك من ملفك الشخصي في أي وقت، أو طلب حذف حسابك عبر صفحة اتصل بنا.",
  ].join("\n\n");
}

export const DYES_CONTENT: SettingsContent = {
  heroTitleEn: "Every shade you can imagine",
  heroTitleAr: "كل درجة لون يمكنك تخيّلها",
  heroSubtitleEn:
    "Fabric dyes, hair colours, food colouring and natural pigments, shipped fast with expert advice.",
  heroSubtitleAr: "صبغات الأقمشة وألوان الشعر وألوان الطعام والأصباغ الطبيعية، بشحن سريع ونصائح الخبراء.",
  aboutEn: [
    "Dye & Shade Co. started in 2012 as a small workshop mixing fabric dyes for local tailors. Today we stock more than seventy dyes, pigments and colourants for makers, bakers, artists and salons.",
    "Every product is tested in our own studio before it reaches the shelf, and we print clear instructions and safety notes on every label. Not sure which dye suits your project? Write to us: a real colourist answers every message.",
  ].join("\n\n"),
  aboutAr: [
    "بدأت شركة الصبغة والظلال عام 2012 كورشة صغيرة تمزج صبغات الأقمشة للخياطين المحليين. واليوم نوفر أكثر من سبعين صبغة وملونًا للحرفيين والخبازين والفنانين وصالونات التجميل.",
    "نختبر كل منتج في مرسمنا قبل أن يصل إلى الرفوف، ونطبع على كل ملصق تعليمات واضحة وإرشادات السلامة. لست متأكدًا من الصبغة المناسبة لمشروعك؟ راسلنا، فخبير ألوان حقيقي يرد على كل رسالة.",
  ].join("\n\n"),
  termsEn: termsEn("Dye & Shade Co."),
  termsAr: termsAr("شركة الصبغة والظلال"),
  privacyEn: privacyEn("Dye & Shade Co."),
  privacyAr: privacyAr("شركة الصبغة والظلال"),
  contactEmail: "hello@dyes.test",
  contactPhone: "+1 555 0100 200",
  contactAddressEn: "48 Indigo Lane, Suite 3, Springfield",
  contactAddressAr: "48 شارع النيلة، مكتب 3، سبرينغفيلد",
  contactHours: DEFAULT_CONTACT_HOURS,
  footerTextEn: "© Dye & Shade Co. Colour for every craft.",
  footerTextAr: "© شركة الصبغة والظلال. لون لكل حرفة.",
  socialLinks: [
    { network: "instagram", url: "https://instagram.com/dyeandshade" },
    { network: "facebook", url: "https://facebook.com/dyeandshade" },
  ],
};

export const INKS_CONTENT: SettingsContent = {
  heroTitleEn: "Inks for writers, artists and calligraphers",
  heroTitleAr: "أحبار للكتّاب والفنانين والخطاطين",
  heroSubtitleEn:
    "Fountain pen inks, calligraphy inks and drawing inks, chosen by people who write every day.",
  heroSubtitleAr: "أحبار أقلام الحبر والخط والرسم، يختارها أناس يكتبون كل يوم.",
  aboutEn: [
    "Ink Atelier is a small shop run by a calligrapher and an illustrator. We sell only inks we use ourselves, and we swatch every colour on real paper so you know what you will get.",
    "From traditional soot black for reed pens to shimmering metallics for wedding invitations, every bottle is packed by hand and shipped within two working days.",
  ].join("\n\n"),
  aboutAr: [
    "مشغل الحبر متجر صغير يديره خطاط ورسامة. لا نبيع إلا الأحبار التي نستخدمها بأنفسنا، ونجرّب كل لون على ورق حقيقي لتعرف ما ستحصل عليه.",
    "من أسود السخام التقليدي لأقلام القصب إلى الألوان المعدنية اللامعة لبطاقات الأعراس، نغلّف كل زجاجة يدويًا ونشحنها خلال يومي عمل.",
  ].join("\n\n"),
  termsEn: termsEn("Ink Atelier"),
  termsAr: termsAr("مشغل الحبر"),
  privacyEn: privacyEn("Ink Atelier"),
  privacyAr: privacyAr("مشغل الحبر"),
  contactEmail: "studio@inks.test",
  contactPhone: "+1 555 0100 300",
  contactAddressEn: "9 Quill Court, Old Town",
  contactAddressAr: "9 ساحة الريشة، البلدة القديمة",
  contactHours: DEFAULT_CONTACT_HOURS,
  footerTextEn: "© Ink Atelier. Write beautifully.",
  footerTextAr: "© مشغل الحبر. اكتب بجمال.",
  socialLinks: [{ network: "instagram", url: "https://instagram.com/inkatelier" }],
};
