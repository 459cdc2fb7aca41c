import { describe, expect, it } from "vitest";
import { addressKey, pub28Line, pub28Word, townKey, zip5 } from "./address-key";

describe("a street address in Publication 28 form", () => {
  it.each([
    ["1204 North Main Street Apt 2", "1204 N MAIN ST APT 2"],
    ["1204 N. Main St. #2", "1204 N MAIN ST # 2"],
    ["1204 n main st, apt. #2", "1204 N MAIN ST APT 2"],
    ["305 West Washington Avenue", "305 W WASHINGTON AVE"],
    ["305 W Washington Av", "305 W WASHINGTON AVE"],
    ["12 Prairie Boulevard", "12 PRAIRIE BLVD"],
    ["77 Lake Shore Drive", "77 LAKE SHORE DR"],
    ["9 Park Avenue Suite 300", "9 PARK AVE STE 300"],
    ["500 Main Street Northeast", "500 MAIN ST NE"],
    ["40 Southwest Parkway", "40 SOUTHWEST PKWY"],
    ["40 Southwest Oak Parkway", "40 SW OAK PKWY"],
    ["16 Oak Court", "16 OAK CT"],
    ["16 Oak Crt", "16 OAK CT"],
    ["8 Hickory Circle", "8 HICKORY CIR"],
    ["2 Willow Lane", "2 WILLOW LN"],
    ["1 Heritage Place", "1 HERITAGE PL"],
    ["3 Country Club Road", "3 COUNTRY CLUB RD"],
    ["101 First Street", "101 1ST ST"],
    ["101 1st St.", "101 1ST ST"],
    ["45 Market Square", "45 MARKET SQ"],
    ["6 Fox Run Trail", "6 FOX RUN TRL"],
    ["20 Highway 150", "20 HIGHWAY 150"],
    ["1204 1/2 Main St", "1204 1/2 MAIN ST"],
    ["7 Main St Rear", "7 MAIN ST REAR"],
    ["P.O. Box 44", "PO BOX 44"],
    ["12 Rue de l'Église", "12 RUE DE L'EGLISE"],
  ])("%s → %s", (typed, line) => {
    expect(pub28Line(typed)).toBe(line);
  });

  it("keeps a street named for a direction or a suffix as its name", () => {
    expect(pub28Line("123 North Street")).toBe("123 NORTH ST");
    expect(pub28Line("123 West Avenue")).toBe("123 WEST AVE");
    expect(pub28Line("123 Park")).toBe("123 PARK");
    expect(pub28Line("50 Lake Front")).toBe("50 LAKE FRONT");
  });

  it("joins a second line", () => {
    expect(pub28Line("1204 North Main Street", "Apartment 2")).toBe("1204 N MAIN ST APT 2");
  });

  it("is null with nothing to match on", () => {
    expect(pub28Line("")).toBeNull();
    expect(pub28Line(" , . ")).toBeNull();
  });
});

describe("the address key", () => {
  it("meets for every spelling of one unit", () => {
    const keys = new Set(
      ["1204 North Main Street Apt 2", "1204 N. Main St. #2", "1204 N MAIN ST UNIT 2", "1204 n main st apt #2"].map(
        (a) => addressKey(a),
      ),
    );
    expect([...keys]).toEqual(["1204 N MAIN ST # 2"]);
  });

  it("tells two houses apart", () => {
    expect(addressKey("1204 N Main St")).not.toBe(addressKey("1206 N Main St"));
    expect(addressKey("1204 N Main St")).not.toBe(addressKey("1204 S Main St"));
    expect(addressKey("1204 N Main St")).toBe("1204 N MAIN ST");
  });
});

describe("ZIP and town", () => {
  it("cuts a ZIP code to five digits and keeps its leading zero", () => {
    expect(zip5("61701")).toBe("61701");
    expect(zip5("61701-1234")).toBe("61701");
    expect(zip5(" 06103 ")).toBe("06103");
    expect(zip5("617011234")).toBe("61701");
    expect(zip5("6103")).toBeNull();
    expect(zip5("")).toBeNull();
    expect(zip5("IL 61701")).toBeNull();
  });

  it("folds a town", () => {
    expect(townKey(" Bloomington ")).toBe("BLOOMINGTON");
    expect(townKey("East  Peoria")).toBe("EAST PEORIA");
  });

  it("abbreviates a street word for search", () => {
    expect(pub28Word("street")).toBe("ST");
    expect(pub28Word("North")).toBe("N");
    expect(pub28Word("ST")).toBeNull();
    expect(pub28Word("ann")).toBeNull();
  });
});
