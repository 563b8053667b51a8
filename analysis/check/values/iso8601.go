package values

import (
	"regexp"
	"strconv"
	"sync"
	"time"
)

// isoDateTime is the pattern of the iso8601 library Heat reads an
// expiration with (oslo timeutils.parse_isotime): a year, then optionally
// a month and a day, with or without dashes, then optionally a time and a
// zone. The library also forbids a month without dash at the very end
// (YYYYMM), which needs a look-ahead: isoDateTimeValid checks it instead.
// It is compiled on first use: compiled as the package is initialised,
// it was the largest part of every command's start (about 0.4 ms), for
// a value few templates hold.
var isoDateTime = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?P<year>[0-9]{4})((-(?P<monthdash>[0-9]{1,2})|(?P<month>[0-9]{2}))((-(?P<daydash>[0-9]{1,2})|(?P<day>[0-9]{2}))((?P<separator>[ T])(?P<hour>[0-9]{2})(:?(?P<minute>[0-9]{2}))?(:?(?P<second>[0-9]{1,2})([.,](?P<fraction>[0-9]+))?)?(?P<timezone>Z|((?P<tzsign>[-+])(?P<tzhour>[0-9]{2}):?(?P<tzminute>[0-9]{2})?))?)?)?)?$`)
})

// isoDateTimeValid reports whether s is a date (and time) the iso8601
// library parses into a real moment: the pattern matches and the fields
// make a calendar date and a clock time.
func isoDateTimeValid(s string) bool {
	re := isoDateTime()
	m := re.FindStringSubmatch(s)
	if m == nil {
		return false
	}
	get := func(name string, def int) int {
		if v := m[re.SubexpIndex(name)]; v != "" {
			n, _ := strconv.Atoi(v)
			return n
		}
		return def
	}
	has := func(name string) bool { return m[re.SubexpIndex(name)] != "" }
	if has("month") && !has("day") && !has("daydash") {
		return false // YYYYMM
	}
	year := get("year", 0)
	month := get("month", get("monthdash", 1))
	day := get("day", get("daydash", 1))
	if year < 1 || month < 1 || month > 12 || day < 1 {
		return false
	}
	if day > time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day() {
		return false
	}
	if get("hour", 0) > 23 || get("minute", 0) > 59 || get("second", 0) > 59 {
		return false
	}
	return get("tzhour", 0) < 24 && get("tzminute", 0) < 60
}
