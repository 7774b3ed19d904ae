package api

import (
	_ "embed"
	"net/http"
)

// OpenAPI is the API's OpenAPI 3.0 document, served at /openapi.json. A test checks that
// it names exactly the routes in Routes.
//
//go:embed openapi.json
var OpenAPI []byte

func (s *server) getOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Write(OpenAPI)
}
