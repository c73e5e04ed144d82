package engine

import (
	"strconv"
	"strings"
)

// FormatLogLine writes a log entry kept compactly (a format and numbers,
// as games keep their logs so that clones stay cheap) as the LogLine people
// read. Each %x of format takes the next of args: name gives the text of
// verb x for it and, for a unit or a place, its ref; a verb name does not
// know (ok false) writes the number, which is also listed in Numbers.
func FormatLogLine(turn int, rule, format string, args []int32, name func(verb byte, v int) (text, ref string, ok bool)) LogLine {
	var b strings.Builder
	var refs []string
	var numbers []int
	arg := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' || i+1 == len(format) {
			b.WriteByte(c)
			continue
		}
		i++
		v := int(args[arg])
		arg++
		text, ref, ok := name(format[i], v)
		if !ok {
			text = strconv.Itoa(v)
			numbers = append(numbers, v)
		}
		b.WriteString(text)
		if ref != "" {
			refs = append(refs, ref)
		}
	}
	return LogLine{Turn: turn, Rule: rule, Text: b.String(), Refs: refs, Numbers: numbers}
}

// Plural picks the wording for a count n in a log line or label: one when
// n is 1.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
