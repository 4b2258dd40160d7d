import { createFileRoute } from "@tanstack/react-router";
import { KeysPage } from "@/features/admin/keys/keys-page";

export const Route = createFileRoute("/_app/admin/keys")({ component: KeysPage });
