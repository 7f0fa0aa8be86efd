// The whole extraction: sections first, then each facet from the sections that hold it.
#include "parse/extract/affiliations.hpp"
#include "parse/extract/chars.hpp"
#include "parse/extract/extract.hpp"
#include "parse/extract/guards.hpp"
#include "parse/extract/lists.hpp"
#include "parse/extract/mentions.hpp"
#include "parse/normalize/normalize.hpp"
#include "parse/extract/names.hpp"
#include "parse/extract/publications.hpp"
#include "parse/extract/sections.hpp"

#include <algorithm>
#include <unordered_set>

#include "core/text.hpp"

namespace cvsearch::extract {
namespace {

void append(std::vector<std::string>& to, const std::vector<std::string>& from) {
    for (const auto& x : from)
        if (std::find(to.begin(), to.end(), x) == to.end()) to.push_back(x);
}

// A section of entries of which at least three, and most, read as citations: a
// title, two or more authors, a venue and a year.
bool reads_as_publication_list(const Block& b) {
    std::size_t entries = 0, citations = 0;
    for (const Publication& pub : extract_publications(b)) {
        ++entries;
        if (!pub.title.empty() && pub.authors.size() >= 2 && pub.year && !pub.venue_raw.empty()) ++citations;
    }
    return citations >= 3 && citations * 3 >= entries * 2;
}

bool has_publication_section(const std::vector<Block>& blocks) {
    return std::any_of(blocks.begin(), blocks.end(), [](const Block& b) { return b.kind == "publications"; });
}

// "Student Supervision", "Mentoring", "Advising": a section about the person's students.
bool names_students(std::string_view heading) {
    const std::string h = text::fold_key(heading);
    for (std::string_view w : {"supervis", "mentor", "advis", "student", "betreu", "encadrement"})
        if (h.find(w) != std::string::npos) return true;
    return false;
}

}  // namespace

Profile extract_profile(const readers::TextDocument& doc) {
    std::vector<Block> blocks = split_blocks(doc.text);
    Profile p;
    p.name = guard_name(find_name(blocks, doc));  // a heading or nationality line gives ""
    p.emails = find_emails(blocks, doc);
    p.homepage = find_homepage(doc);
    p.headline = find_headline(blocks, p.name);
    const bool publication_section = has_publication_section(blocks);
    bool any_entry = false;  // an affiliation read from an entry, not from prose
    // An education section of any form: without one, the biography is where a home page
    // says where its owner studies ("I am a Ph.D. student at X; before, I was a master
    // student in Y"), however many internships it lists.
    const bool education_section = std::any_of(blocks.begin(), blocks.end(), [](const Block& b) { return b.kind == "education"; });
    for (const Block& b : blocks) {
        if (b.kind == "education" || b.kind == "experience" || b.kind == "header" || b.kind == "research") {
            std::vector<Affiliation> entries = extract_affiliations(b);
            any_entry |= !entries.empty();
            // A section written as prose, no entry in it ("I am a postdoc at the Department of
            // Physics at the University of X. In 2020 I obtained my PhD from Y."): its sentences say where.
            if (entries.empty() && (b.kind == "education" || b.kind == "experience")) entries = mentioned_affiliations(b);
            for (auto& a : entries) p.affiliations.push_back(std::move(a));
        }
        // A stay at a place the entries already name ("Visiting Researcher at X, 2019") adds nothing.
        auto key = [](const std::string& raw) {
            auto known = normalize::find_institution(raw);
            return known ? known->canonical : text::fold_key(raw);
        };
        auto is_new = [&](const Affiliation& a) {
            const std::string k = key(a.institution_raw);
            return std::none_of(p.affiliations.begin(), p.affiliations.end(), [&](const Affiliation& e) { return key(e.institution_raw) == k; });
        };
        // "2019-22  Example State University" under Teaching: a university where the person
        // taught is one they worked at. Only a dated entry naming a university the tables
        // know (the lines of a teaching section also name courses and programmes), and not
        // under Supervision or Mentoring, whose entries say where the students went.
        if (b.kind == "teaching" && !names_students(b.heading))
            for (auto& a : extract_affiliations(b)) {
                const auto known = normalize::find_institution(a.institution_raw);
                if (a.start_year && known && known->kind == "university" && is_new(a)) p.affiliations.push_back(std::move(a));
            }
        if (b.kind == "education" || b.kind == "experience") {
            for (auto& a : mentioned_stays(b)) {
                if (is_new(a)) p.affiliations.push_back(std::move(a));
            }
        }
        if (b.kind == "experience" || b.kind == "projects" || b.kind == "other")
            for (auto& pub : embedded_publications(b)) p.publications.push_back(std::move(pub));
        if (b.kind == "experience" || b.kind == "research")
            for (auto& pub : cited_in_text(b)) p.publications.push_back(std::move(pub));
        if (b.kind == "publications") {
            for (auto& pub : extract_publications(b, doc.italics)) p.publications.push_back(std::move(pub));
        } else if (!publication_section && (b.kind == "research" || b.kind == "projects") && reads_as_publication_list(b)) {
            // "Research" on a home page that is its publication list (a card per paper:
            // title, authors, "Venue, 2024").
            for (auto& pub : extract_publications(b, doc.italics)) p.publications.push_back(std::move(pub));
        } else if (!publication_section && (b.kind == "header" || b.kind == "other")) {
            // A page that is a publication list without saying so.
            for (auto& pub : extract_stray_publications(b)) p.publications.push_back(std::move(pub));
        }
        if (b.kind == "interests") append(p.interests, extract_interests(b));
        if (b.kind == "skills") append(p.skills, extract_skills(b));
        if (b.kind == "awards") append(p.awards, extract_awards(b));
        p.sections.push_back(Section{b.heading, b.kind, block_text(b)});
    }
    // Home pages without a publication list or an education section: fall back
    // to what news items and the biography say.
    // A publication list of bare links ("[Paper]", "[ArXiv]") says nothing either.
    bool listed = std::any_of(p.publications.begin(), p.publications.end(),
                              [](const Publication& pub) { return !pub.venue_raw.empty() || pub.year; });
    // What the page marks as venues, by class or by italics ("accepted by <em>X</em>").
    std::vector<std::string> marked_venues = doc.venue_hints;
    marked_venues.insert(marked_venues.end(), doc.italics.begin(), doc.italics.end());
    for (const Block& b : blocks) {
        bool prose = b.kind == "header" || b.kind == "summary" || b.kind == "news" || b.kind == "other" || b.kind == "projects" ||
                     b.kind == "research";
        if (!prose) continue;
        if (!listed || !publication_section) {
            for (auto& pub : mentioned_publications(b, marked_venues)) p.publications.push_back(std::move(pub));
        } else if (b.kind == "news") {
            // News of a paper the list does not have yet ("accepted to NeurIPS 2025"):
            // the list is often a release behind the news.
            for (auto& pub : mentioned_publications(b, marked_venues)) {
                auto venue = normalize::find_venue(pub.venue_raw);
                const std::string raw_key = text::fold_key(pub.venue_raw);  // a marked venue no table knows
                const bool listed_already = std::any_of(p.publications.begin(), p.publications.end(), [&](const Publication& q) {
                    const std::string& q_raw = q.venue_raw.empty() ? q.venue : q.venue_raw;
                    auto v = normalize::find_venue(q_raw);
                    const bool same = venue ? v && v->canonical == venue->canonical : text::fold_key(q_raw) == raw_key;
                    return same && (!q.year || !pub.year || *q.year == *pub.year);
                });
                if (!listed_already) p.publications.push_back(std::move(pub));
            }
        }
    }
    if (p.name.empty()) p.name = name_from_introduction(doc.text);
    if (p.name.empty()) p.name = name_from_bold_authors(doc.emphasized);
    if (p.name.empty()) p.name = author_of_every_paper(p.publications);
    // No entry anywhere, or no education section: the biography says where (also beside a
    // section written as prose).
    if (!any_entry || !education_section) {
        std::unordered_set<std::string> kept;  // (a scan of the list per mention was quadratic)
        for (const auto& a : p.affiliations) kept.insert(a.institution_raw);
        for (const Block& b : blocks)
            if (b.kind == "header" || b.kind == "summary" || b.kind == "other" || b.kind == "research")
                for (auto& a : mentioned_affiliations(b))
                    if (kept.insert(a.institution_raw).second) p.affiliations.push_back(std::move(a));
    }
    guard_profile(p);
    return p;
}

}  // namespace cvsearch::extract
