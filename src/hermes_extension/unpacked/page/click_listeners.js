// Page world, document_start: records which elements have click listeners, so the snapshot can give them refs
// (issue 12). To be built; it records nothing yet.
