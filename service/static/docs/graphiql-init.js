// GraphiQL with the explorer plugin, against the endpoint that served the page. Adapted from Strawberry's own
// GraphiQL page (MIT), with every script served by this service instead of a CDN and no inline script.
(function () {
  var EXAMPLE_QUERY = [
    "# Fight Rules Service: every operation is a query. Ctrl-Enter runs it; the Docs and",
    "# Explorer panes list the rulesets' operations and their types.",
    "",
    "{",
    "  rulesets {",
    "    id",
    "    name",
    "  }",
    "}",
    "",
  ].join("\n");

  var parameters = {};
  window.location.search
    .slice(1)
    .split("&")
    .forEach(function (entry) {
      var eq = entry.indexOf("=");
      if (eq >= 0) {
        parameters[decodeURIComponent(entry.slice(0, eq))] = decodeURIComponent(entry.slice(eq + 1));
      }
    });

  function updateURL(data) {
    Object.assign(parameters, data);
    var search = Object.keys(parameters)
      .filter(function (key) {
        return Boolean(parameters[key]);
      })
      .map(function (key) {
        return encodeURIComponent(key) + "=" + encodeURIComponent(parameters[key]);
      })
      .join("&");
    history.replaceState(null, null, "?" + search);
  }

  var headers = {};
  var csrfToken = Cookies.get("csrftoken");
  if (csrfToken) {
    headers["x-csrftoken"] = csrfToken;
  }
  var fetcher = GraphiQL.createFetcher({ url: window.location.href.split("?")[0], headers: headers });

  function GraphiQLWithExplorer() {
    var query = React.useState(parameters.q || EXAMPLE_QUERY);
    var variables = React.useState(parameters.variables);
    var editorHeaders = React.useState(parameters.headers);
    return React.createElement(GraphiQL, {
      fetcher: fetcher,
      defaultEditorToolsVisibility: true,
      plugins: [GraphiQLPluginExplorer.explorerPlugin()],
      query: query[0],
      variables: variables[0],
      headers: editorHeaders[0],
      onEditQuery: function (q) {
        query[1](q);
        updateURL({ q: q });
      },
      onEditVariables: function (v) {
        variables[1](v);
        updateURL({ variables: v });
      },
      onEditHeaders: editorHeaders[1],
      inputValueDeprecation: true,
      isHeadersEditorEnabled: true,
      shouldPersistHeaders: true,
    });
  }

  ReactDOM.createRoot(document.getElementById("graphiql")).render(React.createElement(GraphiQLWithExplorer));
})();
