// Profile helpers: enum names, facet computation, JSON round trip.
#include "cvsearch/profile.hpp"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "cvsearch/errors.hpp"

namespace cvsearch {
using nlohmann::json;

std::string_view format_name(Format f) noexcept {
    switch (f) {
        case Format::text: return "text";
        case Format::markdown: return "markdown";
        case Format::latex: return "latex";
        case Format::html: return "html";
        case Format::pdf: return "pdf";
        case Format::json_resume: return "json_resume";
        case Format::profile_json: return "profile_json";
        case Format::json: return "json";
    }
    return "text";
}

std::optional<Format> format_from_name(std::string_view name) noexcept {
    for (Format f : {Format::text, Format::markdown, Format::latex, Format::html, Format::pdf, Format::json_resume,
                     Format::profile_json, Format::json})
        if (format_name(f) == name) return f;
    return std::nullopt;
}

std::string_view affiliation_kind_name(AffiliationKind k) noexcept {
    switch (k) {
        case AffiliationKind::education: return "education";
        case AffiliationKind::work: return "work";
        case AffiliationKind::visiting: return "visiting";
    }
    return "work";
}

std::string_view publication_kind_name(PublicationKind k) noexcept {
    switch (k) {
        case PublicationKind::conference: return "conference";
        case PublicationKind::journal: return "journal";
        case PublicationKind::workshop: return "workshop";
        case PublicationKind::preprint: return "preprint";
        case PublicationKind::poster: return "poster";
        case PublicationKind::thesis: return "thesis";
        case PublicationKind::patent: return "patent";
        case PublicationKind::other: return "other";
    }
    return "other";
}

std::optional<AffiliationKind> affiliation_kind_from_name(std::string_view name) noexcept {
    for (AffiliationKind k : {AffiliationKind::education, AffiliationKind::work, AffiliationKind::visiting})
        if (affiliation_kind_name(k) == name) return k;
    return std::nullopt;
}

std::optional<PublicationKind> publication_kind_from_name(std::string_view name) noexcept {
    for (PublicationKind k : {PublicationKind::conference, PublicationKind::journal, PublicationKind::workshop,
                              PublicationKind::preprint, PublicationKind::poster, PublicationKind::thesis,
                              PublicationKind::patent, PublicationKind::other})
        if (publication_kind_name(k) == name) return k;
    return std::nullopt;
}

namespace {

void push_distinct(std::vector<std::string>& out, std::set<std::string>& seen, const std::string& value) {
    if (!value.empty() && seen.insert(value).second) out.push_back(value);
}

}  // namespace

Facets facets_of(const Profile& p) {
    Facets f;
    f.institution = current_institutions(p);
    std::set<std::string> seen;
    for (const auto& now : f.institution) push_distinct(f.affiliation, seen, now);
    for (const auto& a : p.affiliations) push_distinct(f.affiliation, seen, a.institution);
    seen.clear();
    std::set<int> years;
    for (const auto& pub : p.publications) {
        push_distinct(f.venue, seen, pub.venue);
        if (pub.year) years.insert(*pub.year);
    }
    f.year.assign(years.begin(), years.end());
    return f;
}

namespace {

/// The affiliation current_institution() names; nullptr if none.
const Affiliation* current_affiliation(const Profile& p) {
    const Affiliation* best = nullptr;
    auto later = [](const Affiliation& a, const Affiliation& b) {  // is a more recent than b?
        if (a.current != b.current) return a.current;
        int ae = a.end_year.value_or(a.start_year.value_or(0));
        int be = b.end_year.value_or(b.start_year.value_or(0));
        return ae > be;
    };
    for (const auto& a : p.affiliations) {
        if (a.institution.empty()) continue;
        if (best == nullptr) { best = &a; continue; }
        bool a_work = a.kind != AffiliationKind::education, b_work = best->kind != AffiliationKind::education;
        if (a.current && best->current && a_work != b_work) { if (a_work) best = &a; continue; }
        if (later(a, *best)) best = &a;
    }
    return best;
}

}  // namespace

std::string current_institution(const Profile& p) {
    const Affiliation* a = current_affiliation(p);
    return a ? a->institution : std::string();
}

std::vector<std::string> current_institutions(const Profile& p) {
    std::vector<std::string> out;
    std::set<std::string> seen;
    push_distinct(out, seen, current_institution(p));
    for (const auto& a : p.affiliations)
        if (a.current) push_distinct(out, seen, a.institution);
    return out;
}

ProfileCard card_of(const Profile& p) {
    ProfileCard c;
    if (const Affiliation* a = current_affiliation(p)) {
        c.institution = a->institution;
        c.position = a->role;
    }
    std::map<std::string, std::pair<std::size_t, int>> venues;  // venue -> (papers, latest year)
    for (const auto& pub : p.publications) {
        ++c.publications;
        if (pub.year) {
            c.first_year = std::min(c.first_year.value_or(*pub.year), *pub.year);
            c.last_year = std::max(c.last_year.value_or(*pub.year), *pub.year);
        }
        if (pub.venue.empty()) continue;
        auto& v = venues[pub.venue];
        ++v.first;
        v.second = std::max(v.second, pub.year.value_or(0));
    }
    std::vector<std::pair<std::string, std::pair<std::size_t, int>>> ranked(venues.begin(), venues.end());
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    for (std::size_t i = 0; i < ranked.size() && i < 3; ++i) c.top_venues.push_back(ranked[i].first);
    return c;
}

// ---- JSON ------------------------------------------------------------------

namespace {

json opt_int(const std::optional<int>& v) { return v ? json(*v) : json(nullptr); }

json to_json_value(const Profile& p) {
    json j;
    j["id"] = p.id;
    j["name"] = p.name;
    j["emails"] = p.emails;
    j["homepage"] = p.homepage;
    j["headline"] = p.headline;
    j["interests"] = p.interests;
    j["affiliations"] = json::array();
    for (const auto& a : p.affiliations)
        j["affiliations"].push_back({{"institution", a.institution},
                                     {"institution_raw", a.institution_raw},
                                     {"kind", affiliation_kind_name(a.kind)},
                                     {"role", a.role},
                                     {"start_year", opt_int(a.start_year)},
                                     {"end_year", opt_int(a.end_year)},
                                     {"current", a.current}});
    j["publications"] = json::array();
    for (const auto& pub : p.publications)
        j["publications"].push_back({{"title", pub.title},
                                     {"authors", pub.authors},
                                     {"venue", pub.venue},
                                     {"venue_raw", pub.venue_raw},
                                     {"year", opt_int(pub.year)},
                                     {"kind", publication_kind_name(pub.kind)}});
    j["skills"] = p.skills;
    j["awards"] = p.awards;
    j["sections"] = json::array();
    for (const auto& s : p.sections) j["sections"].push_back({{"heading", s.heading}, {"kind", s.kind}, {"text", s.text}});
    j["source"] = {{"path", p.source.path}, {"format", format_name(p.source.format)}, {"content_hash", p.source.content_hash}};
    Facets f = facets_of(p);
    j["facets"] = {{"current_institution", f.institution}, {"affiliation", f.affiliation}, {"venue", f.venue}, {"year", f.year}};
    return j;
}

class Reader {
  public:
    explicit Reader(std::string_view origin) : origin_(origin) {}

    [[noreturn]] void fail(const std::string& where, const std::string& what) const {
        throw Error(ErrorCode::parse, origin_, "profile JSON: " + where + ": " + what);
    }

    std::string str(const json& obj, const char* key, const std::string& where) const {
        auto it = obj.find(key);
        if (it == obj.end() || it->is_null()) return {};
        if (it->is_string()) return it->get<std::string>();
        if (it->is_number()) return it->dump();
        fail(where + "." + key, std::string("expected a string, got ") + it->type_name());
    }

    std::vector<std::string> strings(const json& obj, const char* key, const std::string& where) const {
        std::vector<std::string> out;
        auto it = obj.find(key);
        if (it == obj.end() || it->is_null()) return out;
        if (it->is_string()) { out.push_back(it->get<std::string>()); return out; }
        if (!it->is_array()) fail(where + "." + key, std::string("expected an array of strings, got ") + it->type_name());
        for (const auto& v : *it) {
            if (!v.is_string()) fail(where + "." + key, std::string("expected strings, found ") + v.type_name());
            out.push_back(v.get<std::string>());
        }
        return out;
    }

    std::optional<int> year(const json& obj, const char* key, const std::string& where) const {
        auto it = obj.find(key);
        if (it == obj.end() || it->is_null()) return std::nullopt;
        if (it->is_number_integer()) return static_cast<int>(std::clamp<long long>(it->get<long long>(), -99999, 99999));
        if (it->is_string()) {
            const std::string s = it->get<std::string>();
            if (s.size() >= 4 && std::all_of(s.begin(), s.begin() + 4, [](char c) { return c >= '0' && c <= '9'; }))
                return std::stoi(s.substr(0, 4));
            if (s.empty()) return std::nullopt;
        }
        fail(where + "." + key, "expected a year (integer)");
    }

    bool boolean(const json& obj, const char* key, const std::string& where) const {
        auto it = obj.find(key);
        if (it == obj.end() || it->is_null()) return false;
        if (!it->is_boolean()) fail(where + "." + key, std::string("expected true or false, got ") + it->type_name());
        return it->get<bool>();
    }

    const json& array(const json& obj, const char* key, const std::string& where) const {
        static const json empty = json::array();
        auto it = obj.find(key);
        if (it == obj.end() || it->is_null()) return empty;
        if (!it->is_array()) fail(where + "." + key, std::string("expected an array, got ") + it->type_name());
        return *it;
    }

    Profile profile(const json& j) const {
        if (!j.is_object()) fail("$", std::string("expected an object, got ") + j.type_name());
        Profile p;
        p.id = str(j, "id", "$");
        p.name = str(j, "name", "$");
        p.emails = strings(j, "emails", "$");
        p.homepage = str(j, "homepage", "$");
        p.headline = str(j, "headline", "$");
        p.interests = strings(j, "interests", "$");
        p.skills = strings(j, "skills", "$");
        p.awards = strings(j, "awards", "$");
        const json& affs = array(j, "affiliations", "$");
        for (std::size_t i = 0; i < affs.size(); ++i) {
            std::string w = "$.affiliations[" + std::to_string(i) + "]";
            const json& a = affs[i];
            if (!a.is_object()) fail(w, "expected an object");
            Affiliation af;
            af.institution = str(a, "institution", w);
            af.institution_raw = str(a, "institution_raw", w);
            std::string kind = str(a, "kind", w);
            auto k = affiliation_kind_from_name(kind);
            if (!kind.empty() && !k) fail(w + ".kind", "unknown kind '" + kind + "' (education, work, visiting)");
            af.kind = k.value_or(AffiliationKind::work);
            af.role = str(a, "role", w);
            af.start_year = year(a, "start_year", w);
            af.end_year = year(a, "end_year", w);
            af.current = boolean(a, "current", w);
            p.affiliations.push_back(std::move(af));
        }
        const json& pubs = array(j, "publications", "$");
        for (std::size_t i = 0; i < pubs.size(); ++i) {
            std::string w = "$.publications[" + std::to_string(i) + "]";
            const json& x = pubs[i];
            if (!x.is_object()) fail(w, "expected an object");
            Publication pub;
            pub.title = str(x, "title", w);
            pub.authors = strings(x, "authors", w);
            pub.venue = str(x, "venue", w);
            pub.venue_raw = str(x, "venue_raw", w);
            pub.year = year(x, "year", w);
            std::string kind = str(x, "kind", w);
            auto k = publication_kind_from_name(kind);
            if (!kind.empty() && !k) fail(w + ".kind", "unknown kind '" + kind + "'");
            pub.kind = k.value_or(PublicationKind::other);
            p.publications.push_back(std::move(pub));
        }
        const json& secs = array(j, "sections", "$");
        for (std::size_t i = 0; i < secs.size(); ++i) {
            std::string w = "$.sections[" + std::to_string(i) + "]";
            if (!secs[i].is_object()) fail(w, "expected an object");
            p.sections.push_back({str(secs[i], "heading", w), str(secs[i], "kind", w), str(secs[i], "text", w)});
        }
        if (auto it = j.find("source"); it != j.end() && it->is_object()) {
            p.source.path = str(*it, "path", "$.source");
            std::string fmt = str(*it, "format", "$.source");
            if (auto f = format_from_name(fmt)) p.source.format = *f;
            p.source.content_hash = str(*it, "content_hash", "$.source");
        }
        return p;
    }

  private:
    std::string origin_;
};

}  // namespace

std::string to_json(const Profile& profile, int indent) {
    return to_json_value(profile).dump(indent, ' ', false, json::error_handler_t::replace);
}

Profile profile_from_json(std::string_view text, std::string_view origin) {
    Reader reader(origin);
    json j;
    try {
        j = json::parse(text.begin(), text.end(), nullptr, true, /*ignore_comments=*/false);
    } catch (const json::exception& e) {  // parse_error, or out_of_range for a number like 1e400
        throw Error(ErrorCode::parse, std::string(origin), std::string("malformed JSON: ") + e.what());
    }
    return reader.profile(j);
}

}  // namespace cvsearch
