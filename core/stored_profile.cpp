// The fast reader of stored profile JSON (see stored_profile.hpp). It accepts
// only the shapes to_json writes and gives up (returns false) on anything else,
// so that profile_from_json, the one reader with error messages, decides.
#include "core/stored_profile.hpp"

#include <algorithm>
#include <optional>
#include <simdjson.h>

namespace cvsearch {
namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;

/// Why the fast path gave up; never escapes this file.
struct GiveUp {};

std::string str(element v) {
    if (v.is_null()) return {};
    std::string_view s;
    if (v.get(s)) throw GiveUp{};
    return std::string(s);
}

std::vector<std::string> strings(element v) {
    std::vector<std::string> out;
    if (v.is_null()) return out;
    if (v.is_string()) {
        out.push_back(str(v));
        return out;
    }
    simdjson::dom::array a;
    if (v.get(a)) throw GiveUp{};
    out.reserve(a.size());
    for (element e : a) {
        std::string_view s;
        if (e.get(s)) throw GiveUp{};
        out.emplace_back(s);
    }
    return out;
}

std::optional<int> year(element v) {
    if (v.is_null()) return std::nullopt;
    if (v.type() != element_type::INT64) throw GiveUp{};  // a year as text, or out of range: the slow path
    std::int64_t n = 0;
    if (v.get(n)) throw GiveUp{};
    return static_cast<int>(std::clamp<std::int64_t>(n, -99999, 99999));
}

bool boolean(element v) {
    if (v.is_null()) return false;
    bool b = false;
    if (v.get(b)) throw GiveUp{};
    return b;
}

/// An enum from its name: null or "" is `otherwise`, an unknown name the slow path.
template <class E>
E kind(element v, std::optional<E> (*from_name)(std::string_view) noexcept, E otherwise) {
    std::string_view s;
    if (v.is_null()) return otherwise;
    if (v.get(s)) throw GiveUp{};
    if (s.empty()) return otherwise;
    if (auto k = from_name(s)) return *k;
    throw GiveUp{};  // profile_from_json names the unknown kind
}

/// Calls fn for each element of an array; null is an empty array.
template <class F>
void each(element v, F&& fn) {
    if (v.is_null()) return;
    simdjson::dom::array a;
    if (v.get(a)) throw GiveUp{};
    for (element e : a) fn(e);
}

simdjson::dom::object object(element v) {
    simdjson::dom::object o;
    if (v.get(o)) throw GiveUp{};
    return o;
}

Affiliation affiliation(element v) {
    Affiliation a;
    a.kind = AffiliationKind::work;
    for (auto [key, value] : object(v)) {  // last of duplicate keys wins, as with nlohmann
        if (key == "institution") a.institution = str(value);
        else if (key == "institution_raw") a.institution_raw = str(value);
        else if (key == "kind")
            a.kind = kind(value, &affiliation_kind_from_name, AffiliationKind::work);
        else if (key == "role") a.role = str(value);
        else if (key == "start_year") a.start_year = year(value);
        else if (key == "end_year") a.end_year = year(value);
        else if (key == "current") a.current = boolean(value);
    }
    return a;
}

Publication publication(element v) {
    Publication p;
    p.kind = PublicationKind::other;
    for (auto [key, value] : object(v)) {
        if (key == "title") p.title = str(value);
        else if (key == "authors") p.authors = strings(value);
        else if (key == "venue") p.venue = str(value);
        else if (key == "venue_raw") p.venue_raw = str(value);
        else if (key == "year") p.year = year(value);
        else if (key == "kind")
            p.kind = kind(value, &publication_kind_from_name, PublicationKind::other);
    }
    return p;
}

Section section(element v) {
    Section s;
    for (auto [key, value] : object(v)) {
        if (key == "heading") s.heading = str(value);
        else if (key == "kind") s.kind = str(value);
        else if (key == "text") s.text = str(value);
    }
    return s;
}

void source(element v, SourceInfo& out) {
    out = SourceInfo{};  // the last "source" counts, as with nlohmann
    simdjson::dom::object o;
    if (v.get(o)) return;  // not an object: ignored, as profile_from_json does
    for (auto [key, value] : o) {
        if (key == "path") out.path = str(value);
        else if (key == "format") {
            if (auto f = format_from_name(str(value))) out.format = *f;
        } else if (key == "content_hash") out.content_hash = str(value);
    }
}

bool decode(element root, Profile& p) {
    try {
        for (auto [key, value] : object(root)) {
            if (key == "id") p.id = str(value);
            else if (key == "name") p.name = str(value);
            else if (key == "emails") p.emails = strings(value);
            else if (key == "homepage") p.homepage = str(value);
            else if (key == "headline") p.headline = str(value);
            else if (key == "interests") p.interests = strings(value);
            else if (key == "skills") p.skills = strings(value);
            else if (key == "awards") p.awards = strings(value);
            else if (key == "affiliations") {
                p.affiliations.clear();
                each(value, [&](element a) { p.affiliations.push_back(affiliation(a)); });
            } else if (key == "publications") {
                p.publications.clear();
                each(value, [&](element x) { p.publications.push_back(publication(x)); });
            } else if (key == "sections") {
                p.sections.clear();
                each(value, [&](element x) { p.sections.push_back(section(x)); });
            } else if (key == "source") source(value, p.source);
        }
        return true;
    } catch (const GiveUp&) {
        return false;
    }
}

}  // namespace

Profile profile_from_stored_json(std::string data, std::string_view origin) {
    thread_local simdjson::dom::parser parser;
    const std::size_t size = data.size();
    data.append(simdjson::SIMDJSON_PADDING, '\0');  // simdjson reads ahead
    element root;
    Profile p;
    if (!parser.parse(data.data(), size, /*realloc_if_needed=*/false).get(root) && decode(root, p)) return p;
    data.resize(size);
    return profile_from_json(data, origin);
}

}  // namespace cvsearch
