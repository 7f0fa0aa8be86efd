#include "cvsearch/render.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/text.hpp"

namespace cvsearch {
namespace {

using json = nlohmann::json;

std::string dump(const json& j, int indent) {
    return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

json facets_json(const std::map<Facet, std::vector<FacetValue>>& facets) {
    json out = json::object();
    for (const auto& [facet, values] : facets) {
        json list = json::array();
        for (const auto& v : values) list.push_back({{"value", v.value}, {"count", v.count}});
        out[std::string(facet_name(facet))] = std::move(list);
    }
    return out;
}

/// Applies `open`/`close` around each span of the text, `plain` to the rest.
template <class Plain>
std::string mark(const Highlight& h, std::string_view open, std::string_view close, Plain plain) {
    std::string out;
    std::size_t pos = 0;
    for (const auto& s : h.spans) {
        if (s.begin < pos || s.end > h.text.size() || s.begin >= s.end) continue;  // defensive: skip bad spans
        out += plain(std::string_view(h.text).substr(pos, s.begin - pos));
        out += open;
        out += plain(std::string_view(h.text).substr(s.begin, s.end - s.begin));
        out += close;
        pos = s.end;
    }
    out += plain(std::string_view(h.text).substr(pos));
    return out;
}

/// Percent-encodes everything but unreserved characters (RFC 3986), for a URL query value.
std::string url_encode(std::string_view s) {
    static const char hex[] = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
            c == '.' || c == '~') {
            out.push_back(static_cast<char>(c));
        } else {
            out.push_back('%');
            out.push_back(hex[c >> 4]);
            out.push_back(hex[c & 15]);
        }
    }
    return out;
}

std::string count_line(const SearchResults& r) {
    std::string total = (r.total_is_exact ? "" : "about ") + std::to_string(r.total);
    std::string line = total + (r.total == 1 ? " profile" : " profiles");
    if (!r.hits.empty())
        line += " (showing " + std::to_string(r.hits.front().rank) + "-" + std::to_string(r.hits.back().rank) + ")";
    return line;
}

}  // namespace

// ---- JSON ---------------------------------------------------------------------------

/// The UTF-16 code unit offset of each byte offset in `offsets` (ascending or
/// not) into the UTF-8 `text`: what JavaScript's String indexes count.
static std::vector<std::size_t> utf16_offsets(std::string_view text, const std::vector<std::size_t>& offsets) {
    std::vector<std::size_t> at(text.size() + 1, 0);  // byte offset -> UTF-16 offset
    std::size_t units = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        at[i] = units;
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c & 0xC0) != 0x80) units += c >= 0xF0 ? 2 : 1;  // a lead byte: 4-byte sequences are surrogate pairs
    }
    at[text.size()] = units;
    std::vector<std::size_t> out;
    for (std::size_t o : offsets) out.push_back(at[std::min(o, text.size())]);
    return out;
}

static json year_or_null(const std::optional<int>& y) { return y ? json(*y) : json(nullptr); }

/// [{"facet": "institution", "value": "University of Michigan", "words": "Michigan"}, ...]
static json understood_json(const std::vector<UnderstoodValue>& values) {
    json out = json::array();
    for (const auto& v : values) out.push_back({{"facet", facet_name(v.facet)}, {"value", v.value}, {"words", v.words}});
    return out;
}

/// The query syntax that filters on `v`: institution:"University of Michigan", year:2023.
static std::string filter_syntax(const UnderstoodValue& v) {
    std::string value = v.value;
    std::erase(value, '"');
    const bool quote = v.facet != Facet::year;
    return std::string(facet_name(v.facet)) + ":" + (quote ? "\"" + value + "\"" : value);
}

std::string results_to_json(const SearchResults& r, int indent) {
    json hits = json::array();
    for (const auto& h : r.hits) {
        json highlights = json::array();
        for (const auto& hl : h.highlights) {
            json spans = json::array(), spans16 = json::array();
            std::vector<std::size_t> bytes;
            for (const auto& s : hl.spans) {
                spans.push_back({s.begin, s.end});
                bytes.insert(bytes.end(), {s.begin, s.end});
            }
            const auto units = utf16_offsets(hl.text, bytes);
            for (std::size_t i = 0; i + 1 < units.size(); i += 2) spans16.push_back({units[i], units[i + 1]});
            highlights.push_back(
                {{"field", hl.field}, {"text", hl.text}, {"spans", std::move(spans)}, {"spans_utf16", std::move(spans16)}});
        }
        hits.push_back({{"id", h.id},
                        {"name", h.name},
                        {"institution", h.institution},
                        {"position", h.card.position},
                        {"first_year", year_or_null(h.card.first_year)},
                        {"last_year", year_or_null(h.card.last_year)},
                        {"publications", h.card.publications},
                        {"top_venues", h.card.top_venues},
                        {"score", h.score},
                        {"rank", h.rank},
                        {"words_matched", h.words_matched},
                        {"also", h.also},
                        {"highlights", std::move(highlights)}});
    }
    json j = {{"query", r.query},
              {"total", r.total},
              {"total_is_exact", r.total_is_exact},
              {"offset", r.offset},
              {"hits", std::move(hits)},
              {"facets", facets_json(r.facets)},
              {"relaxed", r.relaxed},
              {"all_words_total", r.all_words_total},
              {"query_words", r.query_words},
              {"suggestion", r.suggestion.empty() ? json(nullptr) : json(r.suggestion)},
              {"searched", r.searched.empty() ? json(nullptr) : json(r.searched)},
              {"understood", understood_json(r.understood)},
              {"warnings", r.warnings},
              {"partial", r.partial}};
    if (r.took_ms) j["took_ms"] = *r.took_ms;
    return dump(j, indent);
}

std::string stats_to_json(const IndexStats& s, int indent) {
    json distinct = json::object();
    for (const auto& [facet, n] : s.distinct_values) distinct[std::string(facet_name(facet))] = n;
    json j = {{"profiles", s.profiles},
              {"persons", s.persons},
              {"schema_version", s.schema_version},
              {"built_at", s.built_at},
              {"library_version", s.library_version},
              {"facets", facets_json(s.facets)},
              {"distinct_values", std::move(distinct)}};
    return dump(j, indent);
}

// ---- HTML ---------------------------------------------------------------------------

std::string html_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out.push_back(c);
        }
    }
    return out;
}

std::string highlight_to_html(const Highlight& h) {
    return mark(h, "<mark>", "</mark>", [](std::string_view s) { return html_escape(s); });
}

std::string results_to_html(const SearchResults& r) {
    std::ostringstream out;
    out << "<p class=\"cvsearch-summary\">" << html_escape(count_line(r)) << "</p>\n";
    if (!r.searched.empty())
        out << "<p class=\"cvsearch-suggestion\">Showing results for <a href=\"?q=" << html_escape(url_encode(r.searched))
            << "\">" << html_escape(r.searched) << "</a>; nothing matched <i>" << html_escape(r.query) << "</i>.</p>\n";
    else if (!r.suggestion.empty())
        out << "<p class=\"cvsearch-suggestion\">Did you mean <a href=\"?q=" << html_escape(url_encode(r.suggestion)) << "\">"
            << html_escape(r.suggestion) << "</a>?</p>\n";
    for (const auto& w : r.warnings) out << "<p class=\"cvsearch-warning\">" << html_escape(w) << "</p>\n";
    for (const auto& v : r.understood)
        out << "<p class=\"cvsearch-understood\" data-facet=\"" << facet_name(v.facet) << "\">Ranked higher: "
            << facet_name(v.facet) << " " << html_escape(v.value) << " (from <i>" << html_escape(v.words)
            << "</i>); to filter, <a href=\"?q=" << html_escape(url_encode(r.query + " " + filter_syntax(v))) << "\">"
            << html_escape(filter_syntax(v)) << "</a></p>\n";
    out << "<ol class=\"cvsearch-results\" start=\"" << (r.offset + 1) << "\">\n";
    for (const auto& h : r.hits) {
        out << "<li data-id=\"" << html_escape(h.id) << "\"><span class=\"name\">" << html_escape(h.name) << "</span>";
        if (!h.institution.empty()) out << " <span class=\"institution\">" << html_escape(h.institution) << "</span>";
        out << "\n";
        for (const auto& hl : h.highlights)
            out << "  <p class=\"fragment\" data-field=\"" << html_escape(hl.field) << "\">" << highlight_to_html(hl)
                << "</p>\n";
        for (const auto& id : h.also) out << "  <p class=\"also\" data-id=\"" << html_escape(id) << "\">also " << html_escape(id) << "</p>\n";
        out << "</li>\n";
    }
    out << "</ol>\n";
    return out.str();
}

// ---- terminal -----------------------------------------------------------------------

std::string terminal_escape(std::string_view s, bool keep_newlines) { return text::escape_controls(s, keep_newlines); }

// Everything from the index is printed through text::escape_controls: a CV
// or a file name holding ESC sequences must not drive the user's terminal.
std::string highlight_to_terminal(const Highlight& h, bool color) {
    if (!color) return text::escape_controls(h.text, true);
    return mark(h, "\x1b[1;33m", "\x1b[0m", [](std::string_view s) { return text::escape_controls(s, true); });
}

std::string results_to_terminal(const SearchResults& r, const TerminalStyle& st) {
    auto bold = [&](const std::string& s) { return st.color ? "\x1b[1m" + s + "\x1b[0m" : s; };
    auto dim = [&](const std::string& s) { return st.color ? "\x1b[2m" + s + "\x1b[0m" : s; };
    auto safe = [](std::string_view s) { return text::escape_controls(s); };
    std::ostringstream out;
    out << count_line(r) << "\n";
    if (!r.searched.empty()) out << "Showing results for: " << bold(safe(r.searched)) << "\n";
    else if (!r.suggestion.empty()) out << "Did you mean: " << bold(safe(r.suggestion)) << "?\n";
    for (const auto& v : r.understood)
        out << "Ranked higher: " << facet_name(v.facet) << " " << bold(safe(v.value)) << " (from \"" << safe(v.words)
            << "\"); to filter, add " << safe(filter_syntax(v)) << "\n";
    if (st.show_warnings)
        for (const auto& w : r.warnings) out << "warning: " << safe(w) << "\n";
    for (const auto& h : r.hits) {
        out << "\n" << (h.rank < 10 ? " " : "") << h.rank << ". " << bold(h.name.empty() ? "(no name)" : safe(h.name));
        if (!h.institution.empty()) out << " — " << safe(h.institution);
        out << "  " << dim("[" + safe(h.id) + "]");
        if (r.relaxed && h.words_matched < r.query_words)
            out << "  " << dim("(" + std::to_string(h.words_matched) + " of " + std::to_string(r.query_words) + " words)");
        if (st.show_scores) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.3f", h.score);
            out << "  " << dim(std::string("score ") + buf);
        }
        out << "\n";
        for (const auto& hl : h.highlights)
            out << "    " << dim(safe(hl.field) + ":") << " " << highlight_to_terminal(hl, st.color) << "\n";
        if (!h.also.empty()) {  // the person's other files (one person, one result)
            std::string files;
            for (const auto& id : h.also) files += (files.empty() ? "" : ", ") + safe(id);
            out << "    " << dim("also: " + files) << "\n";
        }
    }
    if (st.show_facets && !r.facets.empty()) {
        out << "\n";
        for (const auto& [facet, values] : r.facets) {
            if (values.empty()) continue;
            out << dim(std::string(facet_name(facet)) + ":");
            bool first = true;
            for (const auto& v : values) {
                out << (first ? " " : " · ") << safe(v.value) << " (" << v.count << ")";
                first = false;
            }
            out << "\n";
        }
    }
    return out.str();
}

}  // namespace cvsearch
