// Mounts Swagger UI on #swagger-ui with the document named by its data-url (no inline script: CSP-friendly).
(function () {
  var mount = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: mount.dataset.url,
    domNode: mount,
    deepLinking: true,
    showExtensions: true,
    showCommonExtensions: true,
    validatorUrl: null, // the badge would call an outside validator
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  });
})();
