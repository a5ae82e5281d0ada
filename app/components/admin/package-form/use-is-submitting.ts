import { useFormAction, useNavigation } from "react-router";

/** True while this route's form is being submitted (the Epic Stack's useIsPending, narrowed). */
export function useIsSubmitting(): boolean {
  const navigation = useNavigation();
  const action = useFormAction();
  return navigation.state === "submitting" && navigation.formAction === action;
}
