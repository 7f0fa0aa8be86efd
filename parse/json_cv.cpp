// Which JSON reader reads a file, and the merge of a generic read with the
// text extractor's reading of its free-text entries.
#include "parse/json_cv.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "core/text.hpp"
#include "cvsearch/errors.hpp"
#include "parse/extract/extract.hpp"
#include "parse/readers/json_leftovers.hpp"
#include "parse/readers/json_util.hpp"
#include "parse/readers/markup.hpp"
#include "parse/readers/reader.hpp"

namespace cvsearch {
namespace {

using json = nlohmann::ordered_json;

// An object of cvsearch's profile fields and nothing else (docs/profile-schema.json).
/// True when every key is one of `known` (a JSON object of cvsearch's schema).
template <std::size_t N>
bool only_keys(const json& object, const std::string_view (&known)[N]) {
    if (!object.is_object()) return false;
    for (const auto& [key, value] : object.items())
        if (std::find(std::begin(known), std::end(known), key) == std::end(known)) return false;
    return true;
}

/// cvsearch's own profile JSON: only its keys, at the top and in every
/// affiliation, publication and section ({"name", "publications": [{"title", "venue_raw",
/// "year"}]} is one; a "journal" key in a publication makes it any JSON).
bool is_cvsearch_profile(const json& root) {
    static constexpr std::string_view keys[] = {"id", "name", "emails", "homepage", "headline", "interests", "affiliations",
                                                "publications", "skills", "awards", "sections", "source", "facets"};
    static constexpr std::string_view affiliation_keys[] = {"institution", "institution_raw", "kind", "role",
                                                            "start_year", "end_year", "current"};
    static constexpr std::string_view publication_keys[] = {"title", "authors", "venue", "venue_raw", "year", "kind"};
    // ({"name", "sections": [{"title", "blocks": [...]}]} is a site generator's CV, not ours.)
    static constexpr std::string_view section_keys[] = {"heading", "kind", "text"};
    if (!root.is_object() || root.empty() || !only_keys(root, keys)) return false;
    for (const auto& [list, item_keys] :
         {std::pair{"affiliations", std::string_view("a")}, {"publications", "p"}, {"sections", "s"}}) {
        if (!root.contains(list)) continue;
        if (!root[list].is_array()) return false;
        for (const auto& item : root[list])
            if (item_keys == "a"   ? !only_keys(item, affiliation_keys)
                : item_keys == "p" ? !only_keys(item, publication_keys)
                                   : !only_keys(item, section_keys))
                return false;
    }
    return true;
}

Profile generic(const std::string& utf8, std::string_view name) {
    readers::JsonCv cv = readers::read_any_json(utf8, name);
    Profile p = std::move(cv.profile);
    if (text::trim(cv.free_text.text).empty()) return p;
    Profile t = extract::extract_profile(cv.free_text);
    for (auto& a : t.affiliations) p.affiliations.push_back(std::move(a));
    for (auto& pub : t.publications) p.publications.push_back(std::move(pub));
    for (auto& s : t.skills) readers::markup::add_unique(p.skills, std::move(s));
    for (auto& s : t.interests) readers::markup::add_unique(p.interests, std::move(s));
    for (auto& s : t.awards) readers::markup::add_unique(p.awards, std::move(s));
    for (auto& s : t.sections)
        if (s.kind != "header" || !text::trim(s.text).empty()) p.sections.push_back(std::move(s));
    return p;
}

}  // namespace

std::vector<Profile> read_json_cv(std::string_view utf8_in, std::string_view name, Format& format) {
    if (name.size() >= 6 && text::ascii_lower(name.substr(name.size() - 6)) == ".jsonl") return readers::read_profile_json(utf8_in, name);
    std::string utf8(utf8_in);
    readers::json_util::check_depth(utf8, name);  // before any parse: nlohmann recurses
    json root = json::parse(utf8.begin(), utf8.end(), nullptr, /*allow_exceptions=*/false);
    if (root.is_discarded()) {
        std::string relaxed = readers::json_util::without_comments_and_trailing_commas(utf8);
        json again = json::parse(relaxed.begin(), relaxed.end(), nullptr, false);
        // Not JSON even when forgiven: JSON Lines, or an error the strict reader names.
        if (again.is_discarded() || !again.is_object())
            return readers::read_profile_json(utf8, name);
        utf8 = std::move(relaxed);
        root = std::move(again);
    }
    if (!root.is_object()) return readers::read_profile_json(utf8, name);  // an array of profiles
    // A CV wrapped in one key ({"resume": {"basics": ...}}, {"cv": {...}}): the CV is inside.
    bool unwrapped = false;
    // Not a one-section CV ({"education": {"title": ..., "items": [...]}}): the inner
    // object is a whole CV (its details, or several parts).
    auto whole_cv = [](const json& o) {
        const json* p = &o;
        for (int d = 0; d < 4 && p->size() == 1 && p->begin()->is_object(); ++d) p = &*p->begin();  // {"data": {"cv": ...}}
        return p->contains("basics") || p->contains("name") || p->size() >= 3;
    };
    // A key that is a part of a CV ({"basics": {...}}, {"profile": {...}}) is no wrapper:
    // the readers know what it holds (the any-JSON reader's vocabulary decides).
    for (int depth = 0; depth < 4 && root.size() == 1 && root.begin()->is_object() && !readers::is_cv_part_key(root.begin().key()) &&
                        whole_cv(*root.begin());
         ++depth) {
        json inner = std::move(*root.begin());
        root = std::move(inner);
        unwrapped = true;
    }
    if (unwrapped) {
        utf8 = root.dump();
        if (root.contains("basics") || (root.contains("work") && !root.contains("affiliations"))) format = Format::json_resume;
    }
    if (format == Format::profile_json && is_cvsearch_profile(root)) {
        try {
            return {readers::read_profile_object(utf8, name)};
        } catch (const Error&) {  // a field of another type than cvsearch's: read as any JSON
        }
    } else if (format == Format::json_resume) {
        try {
            Profile p = readers::read_json_resume(utf8, name);
            readers::add_unplaced_text(root, p);  // keys of the author's own beside JSON Resume's
            return {std::move(p)};
        } catch (const Error&) {  // JSON Resume's keys with values of another shape
        }
    }
    format = Format::json;
    Profile p = generic(utf8, name);
    readers::add_unplaced_text(root, p);  // what no key of the reader's vocabulary placed
    return {std::move(p)};
}

}  // namespace cvsearch
