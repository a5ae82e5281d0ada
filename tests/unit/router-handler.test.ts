import { describe, expect, it } from "vitest";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { routerRequestHandler } from "~/server/http/router-handler.server";

/** A build with one resource route answering "ok", and a count of how often it was asked for. */
function countedBuild() {
  let calls = 0;
  const build = {
    routes: {
      root: {
        id: "root",
        path: "",
        module: { loader: () => new Response("ok", { headers: { "Content-Type": "text/plain" } }) },
      },
    },
    entry: { module: { default: () => new Response("document") } },
    assets: { routes: {}, entry: { module: "", imports: [] }, url: "", version: "1" },
    future: {},
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  return {
    load: () => {
      calls++;
      return Promise.resolve(build);
    },
    calls: () => calls,
  };
}

const ask = (handler: ReturnType<typeof routerRequestHandler>) =>
  handler(new Request("http://x/"), new RouterContextProvider());

describe("React Router's request handler (decision 106)", () => {
  it("in production asks for the build once and keeps what it derived", async () => {
    const build = countedBuild();
    const handler = routerRequestHandler(build.load, "production");
    for (let i = 0; i < 3; i++) expect(await (await ask(handler)).text()).toBe("ok");
    expect(build.calls()).toBe(1);
  });

  it("in development asks for the (maybe edited) build on every request", async () => {
    const build = countedBuild();
    const handler = routerRequestHandler(build.load, "development");
    for (let i = 0; i < 3; i++) expect(await (await ask(handler)).text()).toBe("ok");
    expect(build.calls()).toBe(3);
  });

  it("tries again after the build failed to load", async () => {
    const build = countedBuild();
    let fail = true;
    const handler = routerRequestHandler(
      () => (fail ? Promise.reject(new Error("import failed")) : build.load()),
      "production",
    );
    await expect(ask(handler)).rejects.toThrow("import failed");
    fail = false;
    expect(await (await ask(handler)).text()).toBe("ok");
    expect(await (await ask(handler)).text()).toBe("ok");
    expect(build.calls()).toBe(1);
  });
});
