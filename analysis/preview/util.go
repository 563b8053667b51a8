package preview

import (
	"slices"
	"strings"
)

func sortBy[T any](list []T, key func(T) string) {
	slices.SortStableFunc(list, func(a, b T) int { return strings.Compare(key(a), key(b)) })
}
