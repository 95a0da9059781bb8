// Mounts Scalar on #reference with the document named by its data-url (no inline script: CSP-friendly).
// Not #api-reference: Scalar mounts that one by itself, with its default settings (fonts from its CDN).
(function () {
  var mount = document.getElementById("reference");
  Scalar.createApiReference(mount, {
    url: mount.dataset.url,
    withDefaultFonts: false, // the fonts would come from Scalar's CDN; the system fonts do
    hideClientButton: true,
    telemetry: false,
    // Nothing that needs Scalar's own services on a self-hosted page: no "Ask AI" agent, no "Generate MCP",
    // and no developer toolbar (its "Share" and "Deploy" upload the document to Scalar).
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: "never",
  });
})();
