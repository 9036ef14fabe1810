// The id of a property page's contact form heading, in a module of its own: the
// page links to it (the phone's "Request information") without loading the
// form's code, which comes on first use (LazyLeadForm.tsx).
export const propertyFormTitleId = (projectId: number) => `lead-property-${projectId}-title`;
