import { describe, expect, it } from "vitest";
import { ageLabel } from "./age-label";

const now = new Date("2025-06-01T12:00:00.000Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe("ageLabel", () => {
  it("counts minutes under an hour, in the singular for one", () => {
    expect(ageLabel(minutesAgo(0), now)).toBe("0 mins ago");
    expect(ageLabel(minutesAgo(1), now)).toBe("1 min ago");
    expect(ageLabel(minutesAgo(5), now)).toBe("5 mins ago");
    expect(ageLabel(minutesAgo(59.9), now)).toBe("59 mins ago");
  });

  it("counts hours under a day", () => {
    expect(ageLabel(minutesAgo(60), now)).toBe("1 hour ago");
    expect(ageLabel(minutesAgo(119), now)).toBe("1 hour ago");
    expect(ageLabel(minutesAgo(23 * 60 + 59), now)).toBe("23 hours ago");
  });

  it("counts days from a day on", () => {
    expect(ageLabel(minutesAgo(24 * 60), now)).toBe("1 day ago");
    expect(ageLabel(minutesAgo(10 * 24 * 60 + 5), now)).toBe("10 days ago");
  });

  it("accepts ISO strings and treats future times as now", () => {
    expect(ageLabel("2025-06-01T11:30:00.000Z", now)).toBe("30 mins ago");
    expect(ageLabel("2025-06-01T13:00:00.000Z", now)).toBe("0 mins ago");
  });
});
