import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef7ff",
          100: "#d9edff",
          500: "#1677d2",
          600: "#0d5fae",
          700: "#0b4c8a",
          800: "#0a3d6f",
          900: "#0a2e52",
        },
        accent: "#f59e0b",
      },
      spacing: {
        // The bottom menu's height on phones, its safe area included: the menu is exactly this tall, and what sits
        // on it (a listing's Reserve bar) is placed this high, so no page text shows between the two.
        menu: "calc(4rem + env(safe-area-inset-bottom))",
      },
      fontFamily: {
        sans: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "Arial", "sans-serif"],
      },
    },
  },
  plugins: [],
} satisfies Config;
