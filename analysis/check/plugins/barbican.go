package plugins

import (
	"slices"

	"heat-ls/analysis/check/values"
	"heat-ls/analysis/rules"
)

// barbicanChecks are the checks of Barbican plugins' validate() beyond
// their property schemas.
func barbicanChecks() map[string][]pluginCheck {
	octet := []string{"application/octet-stream"}
	return map[string][]pluginCheck{
		"OS::Barbican::GenericContainer": {containerRefsDistinct},
		"OS::Barbican::Order":            {orderKeyParameters, requires(truthy("profile"), truthy("ca_id")), orderAllowedProperties},
		"OS::Barbican::Secret": {
			requires(truthy("payload_content_type"), truthy("payload")),
			requiredWhen("payload_content_type", octet, truthy("payload_content_encoding")),
			secretEncodingType,
			secretPayloadBase64,
		},
	}
}

// containerRefsDistinct: a generic container names each secret once.
func containerRefsDistinct(pc pluginCtx) {
	seen := map[string]bool{}
	for _, s := range literalMappings(pc.props, "secrets") {
		ref := scalarOf(s, "ref", nil)
		if !ref.given() || ref.at == nil {
			continue
		}
		if seen[ref.text] {
			pc.p.Reportf(ref.at.Span(), rules.ResourcePropertyValue,
				"This container names the secret %s twice; Heat refuses repeated refs at stack create.", ref.text)
			return
		}
		seen[ref.text] = true
	}
}

// orderKeyParameters: a key or asymmetric order names its algorithm and
// bit_length (a certificate order does not).
func orderKeyParameters(pc pluginCtx) {
	typ := pc.scalar("type")
	if !typ.given() || typ.is("certificate") || mergesKeys(pc.props) {
		return
	}
	var missing []string
	for _, n := range []string{"algorithm", "bit_length"} {
		if pb := isSet(n); !pc.read(pb).possible(pb) {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		pc.p.Reportf(pc.at(typ).Span(), rules.ResourcePropertyConflict,
			"A %s order needs `algorithm` and `bit_length`; Heat refuses it at stack create without %s.", typ.text, quoteJoin(missing))
	}
}

// secretEncodingType: payload_content_encoding goes only with the
// content type application/octet-stream.
func secretEncodingType(pc pluginCtx) {
	enc := pc.read(truthy("payload_content_encoding"))
	typ := pc.scalar("payload_content_type")
	if !enc.certain(truthy("payload_content_encoding")) || !typ.known {
		return
	}
	if !typ.truthy() || typ.is("text/plain") {
		pc.p.Reportf(enc.key.Span(), rules.ResourcePropertyConflict,
			"`payload_content_encoding` goes only with `payload_content_type: application/octet-stream`; Heat refuses it at stack create.")
	}
}

// orderProperties are the properties each type of order takes (beside
// type itself).
func orderProperties() map[string][]string {
	key := []string{"name", "algorithm", "bit_length", "mode", "payload_content_type", "expiration"}
	return map[string][]string{
		"key":         key,
		"asymmetric":  append(slices.Clip(key), "pass_phrase"),
		"certificate": {"name", "request_type", "subject_dn", "source_container_ref", "ca_id", "profile", "request_data"},
	}
}

// orderAllowedProperties: an order takes only its type's properties; a
// key written at all counts (even empty: Heat reads it as empty text).
func orderAllowedProperties(pc pluginCtx) {
	typ := pc.scalar("type")
	allowed, ok := orderProperties()[typ.text]
	if !typ.given() || !ok {
		return
	}
	for i := 0; i < pc.props.NumPairs(); i++ {
		pr := pc.props.Pair(i)
		if pr.Key == nil || pr.Key.Value == "type" || slices.Contains(allowed, pr.Key.Value) || pc.property(pr.Key.Value) == nil {
			continue
		}
		if v := pr.Value.Resolve(); v != nil && values.IsFunctionCall(v) {
			continue
		}
		pc.p.Reportf(pr.Key.Span(), rules.ResourcePropertyConflict,
			"A %s order does not take `%s` (it takes %s); Heat refuses it at stack create.", typ.text, pr.Key.Value, quoteJoin(allowed))
	}
}

// secretPayloadBase64: an octet-stream payload with its encoding is
// base64 Python can decode. Python skips characters outside the base64
// alphabet; what is certain to fail is a character outside ASCII, or,
// with no padding written, data characters that do not fill groups of
// four.
func secretPayloadBase64(pc pluginCtx) {
	payload := pc.scalar("payload")
	if !pc.scalar("payload_content_type").is("application/octet-stream") || !pc.scalar("payload_content_encoding").truthy() || !payload.truthy() || payload.at == nil {
		return
	}
	if base64Fails(payload.text) {
		pc.p.Reportf(payload.at.Span(), rules.ResourcePropertyValue,
			"This payload is no base64 Python can decode (a character outside ASCII, or an incomplete group of four without padding); Heat refuses the octet-stream secret at stack create.")
	}
}

// base64Fails reports text Python's base64.b64decode certainly refuses:
// a character outside ASCII, or, with no padding written, data
// characters (the others are skipped) that do not fill groups of four.
// Text with padding is not judged.
func base64Fails(text string) bool {
	data := 0
	for _, r := range text {
		switch {
		case r > 127:
			return true
		case r == '=':
			return false
		case r >= 'A' && r <= 'Z', r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '+', r == '/':
			data++
		}
	}
	return data%4 != 0
}
