package call

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/arena/arena/grading"
)

// CheckJSON reports an error wrapping grading.ErrModelRefused unless text is one JSON
// object, as every schema a grader asks for is. Which fields it holds is left to the
// caller: the rung parser accepts a reading under any of the names models reach for
// (merit, tier, rung, grade, score, rating, value), so a strict field check here would
// refuse answers that consensus must accept.
func CheckJSON(text string) error {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "{") || !json.Valid([]byte(t)) {
		return fmt.Errorf("%w: answer is not a JSON object: %.80q", grading.ErrModelRefused, text)
	}
	return nil
}
