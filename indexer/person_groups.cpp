#include "indexer/person_groups.hpp"

#include <algorithm>
#include <map>
#include <numeric>

#include "core/text.hpp"

namespace cvsearch::indexing {
namespace {

/// Titles shorter than this are too generic to identify a person ("Introduction").
constexpr std::size_t min_title_words = 4;
/// A file with at most this many titles joins on one shared title.
constexpr std::size_t few_titles = 2;

void sort_unique(std::vector<std::string>& v) {
    v.erase(std::remove(v.begin(), v.end(), std::string()), v.end());
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

std::string homepage_key(std::string_view url) {
    std::string key = text::ascii_lower(text::trim(url));
    for (std::string_view scheme : {"https://", "http://"})
        if (key.rfind(scheme, 0) == 0) key.erase(0, scheme.size());
    if (key.rfind("www.", 0) == 0) key.erase(0, 4);
    while (!key.empty() && key.back() == '/') key.pop_back();
    return key;
}

std::size_t shared(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    std::size_t n = 0;
    for (auto i = a.begin(), j = b.begin(); i != a.end() && j != b.end();) {
        if (*i < *j) ++i;
        else if (*j < *i) ++j;
        else ++n, ++i, ++j;
    }
    return n;
}

std::size_t find_root(std::vector<std::size_t>& parent, std::size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
}

}  // namespace

std::string person_name_key(std::string_view name) {
    std::string key = text::fold_key(name);
    return key.find(' ') == std::string::npos ? std::string() : key;
}

std::size_t completeness(const Profile& p) {
    return p.publications.size() + 2 * p.affiliations.size() + p.emails.size() + (p.homepage.empty() ? 0 : 1) +
           p.sections.size() + p.interests.size();
}

PersonEvidence evidence_of(const Profile& p) {
    PersonEvidence e;
    e.id = p.id;
    e.name_key = person_name_key(p.name);
    for (const auto& m : p.emails) e.emails.push_back(text::ascii_lower(text::trim(m)));
    if (!p.homepage.empty()) e.homepages.push_back(homepage_key(p.homepage));
    for (const auto& pub : p.publications) {
        std::string t = text::fold_key(pub.title);
        if (text::words(t).size() >= min_title_words) e.titles.push_back(std::move(t));
    }
    sort_unique(e.emails);
    sort_unique(e.homepages);
    sort_unique(e.titles);
    e.completeness = completeness(p);
    return e;
}

bool same_person(const PersonEvidence& a, const PersonEvidence& b) {
    if (a.name_key.empty() || a.name_key != b.name_key) return false;
    if (shared(a.emails, b.emails) > 0 || shared(a.homepages, b.homepages) > 0) return true;
    const std::size_t titles = shared(a.titles, b.titles);
    const bool few = std::min(a.titles.size(), b.titles.size()) <= few_titles;
    return titles >= 2 || (titles >= 1 && few);
}

std::vector<std::vector<std::size_t>> group_persons(const std::vector<PersonEvidence>& files) {
    std::vector<std::size_t> parent(files.size());
    std::iota(parent.begin(), parent.end(), std::size_t{0});
    // Only files of one name key can be one person: compare within each.
    std::map<std::string_view, std::vector<std::size_t>> by_name;
    for (std::size_t i = 0; i < files.size(); ++i)
        if (!files[i].name_key.empty()) by_name[files[i].name_key].push_back(i);
    for (const auto& [name, members] : by_name)
        for (std::size_t x = 0; x < members.size(); ++x)
            for (std::size_t y = x + 1; y < members.size(); ++y)
                if (same_person(files[members[x]], files[members[y]]))
                    parent[find_root(parent, members[x])] = find_root(parent, members[y]);

    std::map<std::size_t, std::vector<std::size_t>> by_root;
    for (std::size_t i = 0; i < files.size(); ++i) by_root[find_root(parent, i)].push_back(i);
    std::vector<std::vector<std::size_t>> groups;
    for (auto& [root, members] : by_root) {
        if (members.size() < 2) continue;
        auto better = [&](std::size_t a, std::size_t b) {
            if (files[a].completeness != files[b].completeness) return files[a].completeness > files[b].completeness;
            return files[a].id < files[b].id;
        };
        auto rep = std::min_element(members.begin(), members.end(), better);
        std::rotate(members.begin(), rep, rep + 1);  // the representative first, the rest ascending
        groups.push_back(std::move(members));
    }
    return groups;
}

}  // namespace cvsearch::indexing
