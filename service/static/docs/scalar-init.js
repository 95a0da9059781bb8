// Mounts Scalar on #reference with the document named by its data-url (no inline script: CSP-friendly).
// Not #api-reference: Scalar mounts that one by itself, with its default settings (fonts from its CDN).
(function () {
  var mount = document.getElementById("reference");
  Scalar.createApiReference(mount, {
    url: mount.dataset.url,
    withDefaultFonts: false, // the fonts would come from Scalar's CDN; the system fonts do
    hideClientButton: true,
    telemetry: false,
  });
})();
