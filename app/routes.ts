import { type RouteConfig } from "@react-router/dev/routes";
import { adminRoutes } from "./routes/admin/routes";
import { apiRoutes } from "./routes/api/routes";
import { siteRoutes } from "./routes/site/routes";

// Every URL of spec §2 and §7, one list per area (each file lists its URLs explicitly).
// API and admin come first so the site's catch-all 404 route never shadows them.
export default [...apiRoutes, ...adminRoutes, ...siteRoutes] satisfies RouteConfig;
