// The whole extraction: sections first, then each facet from the sections that hold it.
#include "indexer/extract/affiliations.hpp"
#include "indexer/extract/extract.hpp"
#include "indexer/extract/lists.hpp"
#include "indexer/extract/mentions.hpp"
#include "indexer/extract/names.hpp"
#include "indexer/extract/publications.hpp"
#include "indexer/extract/sections.hpp"

#include <algorithm>

namespace cvsearch::extract {
namespace {

void append(std::vector<std::string>& to, const std::vector<std::string>& from) {
    for (const auto& x : from)
        if (std::find(to.begin(), to.end(), x) == to.end()) to.push_back(x);
}

bool has_publication_section(const std::vector<Block>& blocks) {
    return std::any_of(blocks.begin(), blocks.end(), [](const Block& b) { return b.kind == "publications"; });
}

}  // namespace

Profile extract_profile(const readers::TextDocument& doc) {
    std::vector<Block> blocks = split_blocks(doc.text);
    Profile p;
    p.name = find_name(blocks, doc);
    p.emails = find_emails(blocks, doc);
    p.homepage = find_homepage(doc);
    p.headline = find_headline(blocks, p.name);
    const bool publication_section = has_publication_section(blocks);
    for (const Block& b : blocks) {
        if (b.kind == "education" || b.kind == "experience" || b.kind == "header" || b.kind == "research") {
            for (auto& a : extract_affiliations(b)) p.affiliations.push_back(std::move(a));
        }
        if (b.kind == "experience" || b.kind == "projects" || b.kind == "other")
            for (auto& pub : embedded_publications(b)) p.publications.push_back(std::move(pub));
        if (b.kind == "publications") {
            for (auto& pub : extract_publications(b)) p.publications.push_back(std::move(pub));
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
    for (const Block& b : blocks) {
        bool prose = b.kind == "header" || b.kind == "summary" || b.kind == "news" || b.kind == "other" || b.kind == "projects" ||
                     b.kind == "research";
        if (!prose) continue;
        if (!listed || !publication_section)
            for (auto& pub : mentioned_publications(b)) p.publications.push_back(std::move(pub));
    }
    if (p.affiliations.empty())
        for (const Block& b : blocks)
            if (b.kind == "header" || b.kind == "summary" || b.kind == "other" || b.kind == "research")
                for (auto& a : mentioned_affiliations(b)) p.affiliations.push_back(std::move(a));
    return p;
}

}  // namespace cvsearch::extract
