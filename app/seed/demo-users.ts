/** Demo accounts loaded with the demo data (never in production unless SEED_DEMO_DATA=true). */
export const DEMO_PASSWORD = "spacesolution-demo";

export type DemoUser = {
  email: string;
  firstName: string;
  lastName: string;
  nickName: string | null;
  phoneNumber: string;
  interested: string;
  referralCode: string;
  measurementUnit: "meter" | "feet";
  adminVerified: boolean;
  aboutMe: string;
};

export const DEMO_USERS: DemoUser[] = [
  {
    email: "maria.host@demo.spacesolution.ph",
    firstName: "Maria",
    lastName: "Santos",
    nickName: "Ria",
    phoneNumber: "09171234567",
    interested: "host",
    referralCode: "MARIA-DEMO",
    measurementUnit: "meter",
    adminVerified: true,
    aboutMe: "I rent out the spare room and garage of our house in Quezon City.",
  },
  {
    email: "juan.renter@demo.spacesolution.ph",
    firstName: "Juan",
    lastName: "Dela Cruz",
    nickName: null,
    phoneNumber: "09181234567",
    interested: "renter",
    referralCode: "JUAN-DEMO",
    measurementUnit: "feet",
    adminVerified: false,
    aboutMe: "Looking for a safe place for my motorbike and a few boxes near Makati.",
  },
  {
    email: "ana.both@demo.spacesolution.ph",
    firstName: "Ana",
    lastName: "Reyes",
    nickName: "Annie",
    phoneNumber: "09191234567",
    interested: "both",
    referralCode: "ANA-DEMO",
    measurementUnit: "meter",
    adminVerified: false,
    aboutMe: "Small business owner in Cebu City; I store stock and rent out a parking slot.",
  },
];
