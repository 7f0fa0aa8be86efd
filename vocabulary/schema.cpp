#include "vocabulary/schema.hpp"

#include "core/text.hpp"

namespace cvsearch::schema {

std::string_view utf8_prefix(std::string_view s, std::size_t max_bytes) {
    if (s.size() <= max_bytes) return s;
    std::size_t cut = max_bytes;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // don't split a sequence
    return s.substr(0, cut);
}

std::string id_term(std::string_view id) {
    if (id.size() <= max_plain_id_bytes) return std::string(id_prefix) + std::string(id);
    return std::string(id_prefix) + "#" + text::content_hash(id);
}

std::string facet_term(FacetKind kind, std::string_view canonical_value) {
    std::string key = kind == FacetKind::year ? std::string(text::trim(canonical_value)) : text::fold_key(canonical_value);
    std::string term = std::string(facet_schema(kind).term_prefix) + key;
    return std::string(utf8_prefix(term, max_term_bytes));
}

std::string extraction_key(std::string_view content_hash) {
    return std::string(content_hash) + "+x" + std::string(extractor_revision());
}

}  // namespace cvsearch::schema
