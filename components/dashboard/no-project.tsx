import { signOutAction } from "~/app/(dashboard)/actions";
import { Button } from "~/components/ui/button";
import { Card, CardBody } from "~/components/ui/card";

/** A signed-in user who belongs to no organization with a project yet. */
export function NoProject({ email }: { email: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <Card className="max-w-md">
        <CardBody className="space-y-3 p-6">
          <h1 className="text-lg font-semibold text-slate-900">No project yet</h1>
          <p className="text-sm text-slate-600">
            You are signed in as {email}, but you are not a member of an organization with a project. Ask an owner of your organization to invite you.
          </p>
          <form action={signOutAction}>
            <Button type="submit" variant="secondary">
              Sign out
            </Button>
          </form>
        </CardBody>
      </Card>
    </main>
  );
}
