import { describe, expect, it } from "vitest";
import { bottomMenuItems, DEFAULT_PROFILE_PHOTO, headerItems, shellUser } from "./menu";
import { shellFlags } from "./shell";

describe("shellFlags", () => {
  it("shows the header and bottom menu unless a route's handle hides them", () => {
    expect(shellFlags([{ handle: undefined }, {}])).toEqual({
      hideHeader: false,
      hideBottomMenu: false,
      headerStyle: "default",
    });
    expect(shellFlags([{}, { handle: { hideHeader: true } }, { handle: { hideBottomMenu: true } }])).toEqual({
      hideHeader: true,
      hideBottomMenu: true,
      headerStyle: "default",
    });
  });

  it("lets the deepest route override its layout", () => {
    expect(
      shellFlags([{ handle: { hideHeader: true } }, { handle: { hideHeader: false, headerStyle: "home" } }]),
    ).toEqual({
      hideHeader: false,
      hideBottomMenu: false,
      headerStyle: "home",
    });
  });
});

describe("the menus (docs/product.md, Shell)", () => {
  const labels = (items: { label: string }[]) => items.map((item) => item.label);

  it("has the header items for visitors and for logged-in users", () => {
    expect(labels(headerItems(false, "https://blog.example"))).toEqual([
      "Home",
      "Blog",
      "List a space",
      "How it works",
      "Login",
    ]);
    expect(labels(headerItems(true, "https://blog.example"))).toEqual([
      "Home",
      "Blog",
      "Bookings",
      "Bills",
      "Listing a space",
    ]);
    expect(headerItems(false, "https://blog.example").find((item) => item.label === "Blog")).toMatchObject({
      to: "https://blog.example",
      external: true,
    });
  });

  it("has the bottom menu items for visitors and for logged-in users", () => {
    expect(labels(bottomMenuItems(false))).toEqual(["Find", "List", "How it works", "Login/Signup"]);
    expect(labels(bottomMenuItems(true))).toEqual(["Find", "Booking", "Bills", "Inbox", "Menu"]);
  });

  it("shows the nickname, else the first name, and the photo, else the default image", () => {
    expect(shellUser({ nickName: "Ria", firstName: "Maria", profilePic: "/u/1.webp" })).toEqual({
      displayName: "Ria",
      photoUrl: "/u/1.webp",
    });
    expect(shellUser({ nickName: "  ", firstName: "Juan", profilePic: null })).toEqual({
      displayName: "Juan",
      photoUrl: DEFAULT_PROFILE_PHOTO,
    });
  });
});
