import { EnquiriesInbox } from "~/components/admin/enquiries-inbox";
import { formatReceived } from "~/domain/dates";
import { servicesFrom } from "~/server/http/services-context.server";
import { enquiryPackages } from "~/server/leads/enquiries.server";
import { loadInbox } from "~/server/leads/inbox.server";
import type { Route } from "./+types/enquiries";
import "~/styles/admin-leads.css";

export function meta() {
  return [{ title: "Enquiries · Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const inbox = await loadInbox(db, new URL(request.url).searchParams);
  const timeZone = site.timeZone;
  return {
    ...inbox,
    items: inbox.items.map((e) => ({
      id: e.id,
      name: `${e.firstName} ${e.lastName}`.trim(),
      email: e.email,
      packageTitle: e.packageTitle,
      received: formatReceived(e.createdAt, timeZone),
      status: e.status,
      mailFailed: e.notifyStatus === "failed",
    })),
    packages: await enquiryPackages(db),
  };
}

export default function AdminEnquiries({ loaderData }: Route.ComponentProps) {
  return <EnquiriesInbox {...loaderData} />;
}
