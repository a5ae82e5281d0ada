import { describe, expect, it } from "vitest";
import { useSignedInServer } from "../support/auth-support";

// Decisions 081 and 085: MP4 and MOV lose their container metadata; other
// containers are stored as uploaded, and the upload field says which is which.
describe("the travel-moment video field", () => {
  const suite = useSignedInServer();

  it("tells the admin which files keep the details a phone recorded in them", async () => {
    const response = await suite.server.fetch("/admin/travel-moments?add", {
      headers: { Cookie: suite.cookie, Accept: "text/html" },
    });
    expect(response.status).toBe(200);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("MP4 and MOV files lose what a phone recorded in them");
    expect(html).toContain("AVI, WMV, FLV and WebM files are published as they are");
  });
});
