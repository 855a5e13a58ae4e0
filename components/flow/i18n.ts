/**
 * Every string of the hosted applicant flow, in English and Hindi. `hi` is typed as `Messages`
 * (the shape of `en`), so a missing or misspelt key fails `tsc`. Validation errors arrive as
 * i18n keys (server/flow/step-inputs.ts, server/checks/pan.ts) and are looked up in `errors`.
 */

export const FLOW_LOCALES = ["en", "hi"] as const;
export type Locale = (typeof FLOW_LOCALES)[number];

export function isLocale(v: unknown): v is Locale {
  return typeof v === "string" && (FLOW_LOCALES as readonly string[]).includes(v);
}

/** Each language named in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", hi: "हिन्दी" };

const en = {
  language: "Language",
  testMode: "Test mode",
  identityVerification: "Identity verification",
  securedBy: "Secured by Verify",
  stepOf: (i: number, n: number) => `Step ${i} of ${n}`,
  continue: "Continue",
  submit: "Submit",
  retry: "Try again",
  loading: "Loading…",

  linkExpiredTitle: "This link has expired",
  linkExpiredBody:
    "For your security, verification links stop working after a while. Go back to the app or website of the business that sent you here and start again to get a new link.",
  networkErrorTitle: "We couldn't connect",
  networkErrorBody: "Check your internet connection and try again. Everything you have entered so far is saved.",

  // consent (DPDP notice)
  consentTitle: "Before you start",
  consentIntro: (org: string) => `${org} needs to verify your identity. Please read how your personal data will be used.`,
  consentWhoTitle: "Who collects your data",
  consentWho: (org: string) =>
    `${org} is the data fiduciary: it decides why and how your data is used. Verify processes the data on its behalf, as its data processor.`,
  consentWhatTitle: "What is collected",
  dataPan: "Your PAN (Permanent Account Number)",
  dataName: "Your name as on your PAN",
  dataDob: "Your date of birth",
  dataBusinessPan: "The business's PAN",
  dataBusinessName: "The business's name as on its PAN",
  dataIncorporation: "The business's date of incorporation",
  consentWhatSource: "These details are checked against the Income Tax Department's PAN records.",
  consentPurposeTitle: "Why",
  consentPurpose: (org: string) =>
    `Only to verify your identity so that ${org} can onboard you. Your data is not used for marketing and is never sold.`,
  consentRetentionTitle: "How long it is kept",
  consentRetention: (org: string, period: string) =>
    `${org} keeps this verification record for ${period}, as the RBI KYC Master Direction requires for record keeping. After that it is deleted.`,
  years: (n: number) => (n === 1 ? "1 year" : `${n} years`),
  days: (n: number) => (n === 1 ? "1 day" : `${n} days`),
  consentRightsTitle: "Your rights",
  consentRights: [
    "Get a summary of your data and of how it is used",
    "Have wrong or incomplete data corrected and updated",
    "Have your data erased once it is no longer needed and the law no longer requires it to be kept",
    "Have your complaints heard and resolved (grievance redressal)",
    "Nominate someone to exercise these rights for you if you die or become unable to",
  ],
  consentWithdraw: (org: string) =>
    `You can withdraw your consent at any time. This does not undo what was done before, but ${org} may then be unable to onboard you.`,
  consentGrievanceTitle: "Questions or complaints",
  consentGrievance: (org: string, contact: string | null) =>
    `Contact the grievance officer of ${org}${contact ? ` at ${contact}` : ""}. If you are not satisfied with the answer, you can complain to the Data Protection Board of India.`,
  consentLaw: (version: string) => `Notice under the Digital Personal Data Protection Act, 2023 · version ${version}`,
  consentCheckbox: (org: string) => `I have read this notice and I consent to ${org} using the details above to verify my identity.`,

  // pan
  panTitle: "Your PAN details",
  panTitleBusiness: "Your business's PAN details",
  panIntro: "Enter the details exactly as they appear on your PAN card.",
  panIntroBusiness: "Enter the details exactly as they appear on the business's PAN card.",
  panLabel: "PAN",
  panLabelBusiness: "Business PAN",
  panHint: "10 characters, for example ABCPE1234F",
  nameLabel: "Name as on PAN",
  nameLabelBusiness: "Name of the business as on PAN",
  dobLabel: "Date of birth",
  dobLabelBusiness: "Date of incorporation",
  sandboxTitle: "Test mode: no real PAN check is made. Try these values:",
  sandboxPass: "ABCPE1234F, name RAVI KUMAR, date of birth 1 Jan 1990 → verified",
  sandboxPassBusiness: "Any other valid business PAN (e.g. ABCCE1234F) → verified",
  sandboxNotFound: (example: string) => `Any PAN with the digits 9999 (e.g. ${example}) → not found`,
  sandboxMismatch: "Digits 8888 → name does not match",
  sandboxFill: "Fill in the passing values",

  // resubmission
  resubmitTitle: "Please check your details again",
  resubmitBody: (org: string) => `${org} has asked you to update some of your details.`,
  resubmitReason: "Reason",
  resubmitNote: (org: string) => `Message from ${org}`,
  reasonCodes: {
    name_mismatch: "The name does not match the PAN records.",
    document_invalid: "A document was invalid or could not be read.",
    registry_record_confirmed: "Your details could not be confirmed.",
    other: "Some of your details could not be verified.",
  } as Record<string, string>,
  reasonFallback: "Some of your details could not be verified.",

  // processing and outcomes
  processingTitle: "Verifying your details…",
  processingBody: "This usually takes a few seconds. Please keep this page open.",
  processingSlow: (org: string) => `This is taking longer than usual. You can safely close this page: ${org} will let you know the result.`,
  approvedTitle: "You're verified",
  approvedBody: (org: string) => `Thank you. ${org} has received your verified details.`,
  reviewTitle: "We're reviewing your details",
  reviewBody: (org: string) => `Thank you for submitting them. You'll hear from ${org} soon.`,
  declinedTitle: "We couldn't complete your verification",
  declinedBody: (org: string) => `Thank you for your time. ${org} will contact you about the next steps.`,
  expiredTitle: "This verification has expired",
  expiredBody: (org: string) => `Go back to ${org} to start a new verification.`,
  cancelledTitle: "This verification was cancelled",
  cancelledBody: (org: string) => `If you think this is a mistake, please contact ${org}.`,
  continueTo: (org: string) => `Continue to ${org}`,
  redirecting: (s: number) => `Taking you back automatically in ${s} s…`,
  closePage: "You can now close this page.",
  unsupportedTitle: "This step isn't available yet",
  unsupportedBody: (org: string) => `Please contact ${org} to complete your verification another way.`,

  errors: {
    pan_format_invalid: "Enter a valid PAN: 5 letters, 4 digits, then 1 letter (e.g. ABCPE1234F).",
    pan_holder_type_invalid: "This is not a valid PAN: check the 4th character, which shows the type of holder.",
    pan_not_individual: "This is not a personal PAN. The 4th character of a personal PAN is P.",
    pan_not_business: "This is a personal PAN. Enter the business's PAN (its 4th character is not P).",
    name_required: "Enter the name as it appears on the PAN.",
    name_too_long: "The name can be at most 100 characters long.",
    name_invalid: "Use only letters, spaces, dots, apostrophes and hyphens.",
    dob_invalid: "Enter a valid date that is not in the future.",
    consent_required: "Tick the box to give your consent before you continue.",
    notice_outdated: "This notice has just been updated. Please read it again and give your consent.",
    session_not_editable: "This verification can no longer be changed.",
    network: "We couldn't reach the server. Check your connection and try again.",
    generic: "Something went wrong. Please try again.",
    invalid: "Please check this field.",
  } as Record<string, string> & { generic: string; invalid: string; network: string },
};

export type Messages = typeof en;

const hi: Messages = {
  language: "भाषा",
  testMode: "टेस्ट मोड",
  identityVerification: "पहचान सत्यापन",
  securedBy: "Verify द्वारा सुरक्षित",
  stepOf: (i, n) => `${n} में से चरण ${i}`,
  continue: "आगे बढ़ें",
  submit: "जमा करें",
  retry: "फिर से कोशिश करें",
  loading: "लोड हो रहा है…",

  linkExpiredTitle: "इस लिंक की समय-सीमा समाप्त हो गई है",
  linkExpiredBody:
    "आपकी सुरक्षा के लिए सत्यापन लिंक कुछ समय बाद काम करना बंद कर देते हैं। जिस कंपनी ने आपको यहाँ भेजा है, उसके ऐप या वेबसाइट पर वापस जाएँ और नया लिंक पाने के लिए फिर से शुरू करें।",
  networkErrorTitle: "कनेक्ट नहीं हो पाया",
  networkErrorBody: "अपना इंटरनेट कनेक्शन जाँचें और फिर से कोशिश करें। आपने अब तक जो भरा है, वह सहेजा हुआ है।",

  consentTitle: "शुरू करने से पहले",
  consentIntro: (org) => `${org} को आपकी पहचान का सत्यापन करना है। कृपया पढ़ें कि आपके व्यक्तिगत डेटा का उपयोग कैसे होगा।`,
  consentWhoTitle: "आपका डेटा कौन ले रहा है",
  consentWho: (org) =>
    `${org} डेटा फ़िड्यूशियरी है: वही तय करता है कि आपका डेटा क्यों और कैसे इस्तेमाल होगा। Verify, डेटा प्रोसेसर के रूप में, उसकी ओर से यह डेटा प्रोसेस करता है।`,
  consentWhatTitle: "कौन-सी जानकारी ली जाती है",
  dataPan: "आपका PAN (स्थायी खाता संख्या)",
  dataName: "PAN पर लिखा आपका नाम",
  dataDob: "आपकी जन्म तिथि",
  dataBusinessPan: "व्यवसाय का PAN",
  dataBusinessName: "PAN पर लिखा व्यवसाय का नाम",
  dataIncorporation: "व्यवसाय के निगमन (इनकॉर्पोरेशन) की तारीख",
  consentWhatSource: "इन विवरणों का मिलान आयकर विभाग के PAN रिकॉर्ड से किया जाता है।",
  consentPurposeTitle: "किस लिए",
  consentPurpose: (org) =>
    `केवल आपकी पहचान के सत्यापन के लिए, ताकि ${org} आपको अपने ग्राहक के रूप में जोड़ सके। आपके डेटा का उपयोग मार्केटिंग के लिए नहीं होता और इसे कभी बेचा नहीं जाता।`,
  consentRetentionTitle: "जानकारी कितने समय तक रखी जाती है",
  consentRetention: (org, period) =>
    `RBI के KYC मास्टर निर्देश के तहत रिकॉर्ड रखना ज़रूरी है, इसलिए ${org} यह सत्यापन रिकॉर्ड ${period} तक रखता है। उसके बाद इसे मिटा दिया जाता है।`,
  years: (n) => `${n} वर्ष`,
  days: (n) => `${n} दिन`,
  consentRightsTitle: "आपके अधिकार",
  consentRights: [
    "अपने डेटा का सारांश और उसके उपयोग की जानकारी पाना",
    "गलत या अधूरे डेटा को ठीक और अपडेट करवाना",
    "ज़रूरत न रहने पर, और जब क़ानून के तहत उसे रखना ज़रूरी न हो, अपना डेटा मिटवाना",
    "अपनी शिकायतों की सुनवाई और उनका निवारण पाना",
    "आपकी मृत्यु या असमर्थता की स्थिति में इन अधिकारों का उपयोग करने के लिए किसी व्यक्ति को नामित करना",
  ],
  consentWithdraw: (org) =>
    `आप किसी भी समय अपनी सहमति वापस ले सकते हैं। इससे पहले हो चुकी प्रोसेसिंग पर कोई असर नहीं पड़ता, लेकिन तब शायद ${org} आपको ग्राहक के रूप में न जोड़ पाए।`,
  consentGrievanceTitle: "सवाल या शिकायत",
  consentGrievance: (org, contact) =>
    `${org} के शिकायत अधिकारी से संपर्क करें${contact ? ` (${contact})` : ""}। अगर आप उनके जवाब से संतुष्ट नहीं हैं, तो आप भारतीय डेटा संरक्षण बोर्ड (Data Protection Board of India) में शिकायत कर सकते हैं।`,
  consentLaw: (version) => `डिजिटल व्यक्तिगत डेटा संरक्षण अधिनियम, 2023 के तहत सूचना · संस्करण ${version}`,
  consentCheckbox: (org) => `मैंने यह सूचना पढ़ ली है और अपनी पहचान के सत्यापन के लिए ${org} को ऊपर बताए गए विवरणों का उपयोग करने की सहमति देता/देती हूँ।`,

  panTitle: "आपके PAN का विवरण",
  panTitleBusiness: "आपके व्यवसाय के PAN का विवरण",
  panIntro: "विवरण ठीक वैसे ही भरें, जैसे वे आपके PAN कार्ड पर लिखे हैं।",
  panIntroBusiness: "विवरण ठीक वैसे ही भरें, जैसे वे व्यवसाय के PAN कार्ड पर लिखे हैं।",
  panLabel: "PAN",
  panLabelBusiness: "व्यवसाय का PAN",
  panHint: "10 अक्षर, जैसे ABCPE1234F",
  nameLabel: "PAN पर लिखा नाम",
  nameLabelBusiness: "PAN पर लिखा व्यवसाय का नाम",
  dobLabel: "जन्म तिथि",
  dobLabelBusiness: "निगमन की तारीख",
  sandboxTitle: "टेस्ट मोड: PAN की असली जाँच नहीं होती। ये मान आज़माएँ:",
  sandboxPass: "ABCPE1234F, नाम RAVI KUMAR, जन्म तिथि 1 जनवरी 1990 → सत्यापित",
  sandboxPassBusiness: "कोई भी दूसरा मान्य व्यवसाय PAN (जैसे ABCCE1234F) → सत्यापित",
  sandboxNotFound: (example) => `9999 अंकों वाला कोई भी PAN (जैसे ${example}) → नहीं मिला`,
  sandboxMismatch: "8888 अंक → नाम मेल नहीं खाता",
  sandboxFill: "सफल होने वाले मान भरें",

  resubmitTitle: "कृपया अपने विवरण फिर से जाँचें",
  resubmitBody: (org) => `${org} ने आपसे अपने कुछ विवरण अपडेट करने को कहा है।`,
  resubmitReason: "कारण",
  resubmitNote: (org) => `${org} का संदेश`,
  reasonCodes: {
    name_mismatch: "नाम PAN रिकॉर्ड से मेल नहीं खाता।",
    document_invalid: "कोई दस्तावेज़ अमान्य था या पढ़ा नहीं जा सका।",
    registry_record_confirmed: "आपके विवरणों की पुष्टि नहीं हो सकी।",
    other: "आपके कुछ विवरणों का सत्यापन नहीं हो सका।",
  },
  reasonFallback: "आपके कुछ विवरणों का सत्यापन नहीं हो सका।",

  processingTitle: "आपके विवरणों का सत्यापन हो रहा है…",
  processingBody: "इसमें आम तौर पर कुछ ही सेकंड लगते हैं। कृपया यह पेज खुला रखें।",
  processingSlow: (org) => `इसमें सामान्य से ज़्यादा समय लग रहा है। आप यह पेज बंद कर सकते हैं: ${org} आपको नतीजे की जानकारी देगा।`,
  approvedTitle: "आपका सत्यापन हो गया है",
  approvedBody: (org) => `धन्यवाद। ${org} को आपके सत्यापित विवरण मिल गए हैं।`,
  reviewTitle: "हम आपके विवरणों की जाँच कर रहे हैं",
  reviewBody: (org) => `विवरण जमा करने के लिए धन्यवाद। ${org} जल्द ही आपसे संपर्क करेगा।`,
  declinedTitle: "हम आपका सत्यापन पूरा नहीं कर सके",
  declinedBody: (org) => `आपके समय के लिए धन्यवाद। आगे क्या करना है, इस बारे में ${org} आपसे संपर्क करेगा।`,
  expiredTitle: "इस सत्यापन की समय-सीमा समाप्त हो गई है",
  expiredBody: (org) => `नया सत्यापन शुरू करने के लिए ${org} पर वापस जाएँ।`,
  cancelledTitle: "यह सत्यापन रद्द कर दिया गया है",
  cancelledBody: (org) => `अगर आपको लगता है कि यह गलती से हुआ है, तो कृपया ${org} से संपर्क करें।`,
  continueTo: (org) => `${org} पर जारी रखें`,
  redirecting: (s) => `${s} सेकंड में आपको अपने-आप वापस भेजा जाएगा…`,
  closePage: "अब आप यह पेज बंद कर सकते हैं।",
  unsupportedTitle: "यह चरण अभी उपलब्ध नहीं है",
  unsupportedBody: (org) => `सत्यापन किसी और तरीके से पूरा करने के लिए कृपया ${org} से संपर्क करें।`,

  errors: {
    pan_format_invalid: "मान्य PAN भरें: 5 अक्षर, फिर 4 अंक और फिर 1 अक्षर (जैसे ABCPE1234F)।",
    pan_holder_type_invalid: "यह मान्य PAN नहीं है: चौथा अक्षर जाँचें, जो धारक का प्रकार बताता है।",
    pan_not_individual: "यह व्यक्तिगत PAN नहीं है। व्यक्तिगत PAN का चौथा अक्षर P होता है।",
    pan_not_business: "यह व्यक्तिगत PAN है। व्यवसाय का PAN भरें (उसका चौथा अक्षर P नहीं होता)।",
    name_required: "नाम वैसा ही भरें, जैसा PAN पर लिखा है।",
    name_too_long: "नाम अधिकतम 100 अक्षरों का हो सकता है।",
    name_invalid: "केवल अक्षर, स्पेस, बिंदु (.), अपॉस्ट्रॉफ़ी (') और हाइफ़न (-) का उपयोग करें।",
    dob_invalid: "मान्य तारीख भरें, जो भविष्य की न हो।",
    consent_required: "आगे बढ़ने से पहले, सहमति देने के लिए बॉक्स पर टिक करें।",
    notice_outdated: "यह सूचना अभी अपडेट हुई है। कृपया इसे फिर से पढ़ें और सहमति दें।",
    session_not_editable: "इस सत्यापन में अब कोई बदलाव नहीं किया जा सकता।",
    network: "सर्वर से संपर्क नहीं हो पाया। अपना कनेक्शन जाँचें और फिर से कोशिश करें।",
    generic: "कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।",
    invalid: "कृपया इस फ़ील्ड को जाँचें।",
  },
};

export const MESSAGES: Record<Locale, Messages> = { en, hi };

/** The message for a validation or error key; unknown keys fall back to a generic "check this field". */
export function errorText(t: Messages, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return t.errors[key] ?? t.errors.invalid;
}

/** "5 years" when the retention is a whole number of years, else days. */
export function retentionPeriod(t: Messages, days: number): string {
  return days % 365 === 0 ? t.years(days / 365) : t.days(days);
}
