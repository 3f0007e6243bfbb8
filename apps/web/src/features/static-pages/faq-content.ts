/** The help centre's constants and copy (spec 3 §2.5 FAQ, §9). */

/** Where Tibay sellers deliver (spec 3 §9). */
export const deliveryAreas = [
  'Biñan',
  'Bulacan',
  'Caloocan',
  'Cavite',
  'Las Piñas',
  'Manila',
  'Muntinlupa',
  'Paranaque',
  'Quezon City',
  'Rizal',
  'San Pedro',
  'Taguig',
] as const;

/** Payment modes (spec 2 §9, spec 3 §9). */
export const paymentModes = [
  'BuildCredit',
  'Visa/Mastercard',
  'e-wallet and online banks',
  'over-the-counter',
  'COD',
] as const;

export const couriers = ['Lalamove', 'Transportify', 'partner fleet'] as const;

/** Orders to local hardware sellers placed before this time are prepared the same day. */
export const localCutOff = '4:00 PM';
export const deliveryWindow = 'next day to 7 working days';

export interface FaqItem {
  question: string;
  /** Paragraphs; a string array item becomes a bullet list. */
  answer: Array<string | string[]>;
}

export interface FaqTab {
  /** The tab number used in navigation state: navigate('/FAQs', { state: { tab: 4 } }). */
  value: number;
  label: string;
  items: FaqItem[];
}

export const faqTabs: FaqTab[] = [
  {
    value: 1,
    label: 'About',
    items: [
      {
        question: 'What is Tibay?',
        answer: [
          'Tibay is an online marketplace for building materials in the Philippines. We bring together local hardware stores, distributors and manufacturers so you can order cement, steel bars, roofing, paint, aggregates, lights, tools and more from one site and one app.',
          'You compare prices across sellers, keep a single cart, check out per seller and follow each delivery until it reaches your site.',
        ],
      },
      {
        question: 'Who can buy on Tibay?',
        answer: [
          'Anyone building or renovating: homeowners, construction contractors, hardware stores and businesses. Sales agents can also order on behalf of the customers linked to their agent account.',
        ],
      },
      {
        question: 'How do I create an account?',
        answer: [
          'Choose SIGN UP, then SIGN UP AS CUSTOMER. Enter your first and last name, email, mobile or landline number and a password, then press REGISTER. We send a verification link to your email; open it before your first login.',
          'After logging in, set your delivery address so we can show sellers near you.',
        ],
      },
      {
        question: 'How do I sell on Tibay?',
        answer: [
          'Choose SIGN UP, then SIGN UP AS SELLER (or Be a seller in the menu). Register your company in four short steps: company information, rates, location and approval. Our team reviews each application in 3-5 working days and emails you a link to the seller center once you are approved.',
        ],
      },
      {
        question: 'Is there a Tibay mobile app?',
        answer: [
          'Yes. Download it from the App Store or Google Play using the badges at the bottom of every page, or hover over a badge and scan its QR code with your phone. You can also log in on the website by scanning a QR code with the app.',
        ],
      },
      {
        question: 'How do I contact Tibay?',
        answer: [
          'Use the chat bubble at the bottom right of any page, call our hotline or email our support team. All our contact details are on the Contact Us page.',
        ],
      },
    ],
  },
  {
    value: 2,
    label: 'Terms and Conditions',
    items: [
      {
        question: 'Who may use Tibay?',
        answer: [
          'You must be at least 18 years old and able to enter into a binding contract. You are responsible for the accuracy of the information in your account and for keeping your password private. Tell us right away if you think someone else has used your account.',
        ],
      },
      {
        question: 'Who sells the products?',
        answer: [
          'Products are sold by independent sellers registered on Tibay. Each seller is responsible for its product descriptions, prices, stock and the condition of the goods. Tibay runs the marketplace, processes payments and coordinates delivery.',
        ],
      },
      {
        question: 'Prices and product information',
        answer: [
          'Prices are in Philippine pesos and include tax. Shipping fees are calculated at checkout based on the courier, the vehicle needed and the distance. Product photos are for reference; colours and packaging may vary slightly by batch.',
          'If a price or stock error is found after you order, the seller may cancel the order and any payment will be refunded in full.',
        ],
      },
      {
        question: 'Can I cancel an order?',
        answer: [
          'You may cancel an order while it is still pending confirmation by the seller. Once the seller has prepared the order or handed it to the courier, it can no longer be cancelled; contact our support team and we will help you with the seller.',
        ],
      },
      {
        question: 'Returns, damaged and missing items',
        answer: [
          'Check your delivery before the courier leaves. Report damaged, wrong or missing items within 24 hours of delivery through the chat bubble or our support email, with photos of the items and the delivery receipt. After checking, the seller will replace the items or we will refund them.',
          'Cut-to-size items (such as steel bars cut on request), mixed paint and opened bags of cement cannot be returned unless they are defective.',
        ],
      },
      {
        question: 'Changes to these terms',
        answer: [
          'We may update these terms when our services change. The version on this page applies to orders placed after it is published.',
        ],
      },
    ],
  },
  {
    value: 3,
    label: 'Deals and Rewards',
    items: [
      {
        question: 'How do I find discounted products?',
        answer: [
          'Discounted products show the original price struck through next to the sale price. Sort a shop by LOWEST PRICE to see its best deals first.',
        ],
      },
      {
        question: 'How do I use a voucher?',
        answer: [
          'At checkout, pick one of the suggested vouchers or type a voucher code, then apply it. The discount appears in the order summary before you pay. Each voucher shows its minimum spend, validity and the sellers it applies to.',
        ],
      },
      {
        question: 'Can I use more than one voucher?',
        answer: [
          'One voucher can be used per seller order. If you check out from several sellers, you may use a voucher on each order where it applies.',
        ],
      },
      {
        question: 'Are there deals for bulk orders?',
        answer: [
          'Many sellers give lower prices for larger quantities of cement, steel bars and aggregates. For project-size orders, message the seller from its shop page or ask our support team for a quotation.',
        ],
      },
    ],
  },
  {
    value: 4,
    label: 'Orders and Delivery',
    items: [
      {
        question: 'Where do you deliver?',
        answer: [
          'Tibay sellers currently deliver to these areas:',
          [...deliveryAreas],
          'We are adding more areas every month.',
        ],
      },
      {
        question: 'How long does delivery take?',
        answer: [
          `Delivery takes from the ${deliveryWindow}, depending on the seller, the items and your location.`,
          `Orders from local hardware sellers placed before ${localCutOff} daily are prepared the same day and can arrive as soon as the next day. Orders placed after ${localCutOff} are processed the following day.`,
        ],
      },
      {
        question: 'Who delivers my order?',
        answer: [
          `Orders are delivered by ${couriers[0]}, ${couriers[1]} or our ${couriers[2]}, depending on the size and weight of the order. Heavy or bulky items such as steel bars, aggregates and many bags of cement go by truck.`,
        ],
      },
      {
        question: 'How much is the shipping fee?',
        answer: [
          'The shipping fee is calculated at checkout from the courier quote for the vehicle needed and the distance between the seller and your delivery address. You see the exact fee before you pay.',
        ],
      },
      {
        question: 'Can I order from several sellers at once?',
        answer: [
          'Yes. Your cart holds items from many sellers. At checkout, each seller’s items become a separate order with its own delivery and tracking.',
        ],
      },
      {
        question: 'How do I track my order?',
        answer: [
          'Open TRACK ORDERS and enter your order ID (it starts with ORD followed by 14 digits) and your billing email, then press TRACK MY ORDER. You can also see every order and its status under Orders in your profile menu.',
        ],
      },
      {
        question: 'How do I change my delivery address?',
        answer: [
          'Press the delivery address in the header (or Change Delivery Address in the menu on your phone), search for your address or drag the pin on the map, then save. New orders use the new address.',
        ],
      },
    ],
  },
  {
    value: 5,
    label: 'Payments',
    items: [
      {
        question: 'What payment modes are available?',
        answer: [
          'You can pay with:',
          [...paymentModes],
          'Available modes can differ per seller and order amount; you see them at checkout.',
        ],
      },
      {
        question: 'What is BuildCredit?',
        answer: [
          'BuildCredit is a trade credit line offered with our bank partner for contractors, hardware stores and businesses. Once approved, you order now and pay on agreed terms.',
          'Choose APPLY FOR BUILDCREDIT under the BUILDCREDIT menu and complete the three-step application, then review the summary and give your consent. We will let you know when your application is approved.',
        ],
      },
      {
        question: 'How do I pay my BuildCredit orders?',
        answer: [
          'Open BUILDCREDIT PAYMENT under the BUILDCREDIT menu. Pick the orders to pay and choose BANK TRANSFER (upload your proof of payment) or ONLINE PAYMENT.',
        ],
      },
      {
        question: 'Is it safe to pay by card?',
        answer: [
          'Yes. Card payments are processed by a PCI-DSS compliant payment gateway. Tibay never sees or stores your full card number.',
        ],
      },
      {
        question: 'How does Cash on Delivery (COD) work?',
        answer: [
          'Pay the courier in cash when your order arrives. Please prepare the exact amount shown in your order, and check the items before paying.',
        ],
      },
      {
        question: 'I paid by bank transfer. What happens next?',
        answer: [
          'Upload a clear photo of your deposit slip or transfer confirmation when asked. Our team checks the payment and confirms your order by email, usually within one working day.',
        ],
      },
    ],
  },
];
