import { describe, expect, it } from "vitest";
import { useSignedInServer } from "./auth-support";

// Issue 17, finding 6 (decision 081): videos are stored as uploaded, so the upload field says
// that what a phone recorded in the file (such as where it was filmed) is published with it.
describe("the travel-moment video field", () => {
  const suite = useSignedInServer();

  it("tells the admin the file is published with the details recorded in it", async () => {
    const response = await suite.server.fetch("/admin/travel-moments?add", {
      headers: { Cookie: suite.cookie, Accept: "text/html" },
    });
    expect(response.status).toBe(200);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("The file is published as it is");
    expect(html).toContain("such as where it was filmed");
  });
});
