#include "vocabulary/synonyms.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "core/text.hpp"
#include "core/data.hpp"
#include "vocabulary/schema.hpp"

namespace cvsearch::analysis {
namespace {

std::vector<std::string> words_of(std::string_view form) {
    std::vector<std::string> words;
    std::string key = text::fold_key(form);
    for (auto w : text::split(key, ' '))
        if (!w.empty()) words.emplace_back(w);
    return words;
}

std::string join(const std::vector<std::string>& words, char sep) {
    std::string out;
    for (const auto& w : words) {
        if (!out.empty()) out.push_back(sep);
        out += w;
    }
    return out;
}

}  // namespace

SynonymTable SynonymTable::parse(std::string_view tsv) {
    // Collect form -> concepts first (a form may appear on several lines).
    std::map<std::vector<std::string>, std::set<std::string>> concepts;
    for (auto line : text::split(tsv, '\n')) {
        line = text::trim(line);
        if (line.empty() || line.front() == '#') continue;
        auto tab = line.find('\t');
        if (tab == std::string_view::npos) continue;
        auto key = words_of(line.substr(0, tab));
        if (key.empty()) continue;
        std::string concept_term = std::string(schema::concept_prefix) + join(key, '_');
        concept_term = std::string(schema::utf8_prefix(concept_term, schema::max_term_bytes));
        concepts[key].insert(concept_term);
        for (auto form : text::split(line.substr(tab + 1), '|')) {
            auto words = words_of(form);
            if (!words.empty()) concepts[words].insert(concept_term);
        }
    }
    SynonymTable table;
    table.forms_.reserve(concepts.size());
    for (auto& [words, terms] : concepts) table.forms_.push_back(Form{words, {terms.begin(), terms.end()}});
    for (const auto& form : table.forms_) table.by_first_word_[form.words.front()].push_back(&form);
    for (auto& [_, list] : table.by_first_word_)
        std::stable_sort(list.begin(), list.end(),
                         [](const Form* a, const Form* b) { return a->words.size() > b->words.size(); });
    return table;
}

const SynonymTable& SynonymTable::builtin() {
    static const SynonymTable table = parse(data::synonyms_tsv());
    return table;
}

const std::vector<const SynonymTable::Form*>& SynonymTable::forms_starting_with(std::string_view first_word) const {
    static const std::vector<const Form*> none;
    auto it = by_first_word_.find(std::string(first_word));
    return it == by_first_word_.end() ? none : it->second;
}

std::vector<std::string> SynonymTable::concepts_of(const std::vector<std::string>& words) const {
    if (words.empty()) return {};
    for (const Form* f : forms_starting_with(words.front()))
        if (f->words == words) return f->concepts;
    return {};
}

std::vector<std::vector<std::string>> SynonymTable::forms_of(std::string_view concept_term) const {
    std::vector<std::vector<std::string>> out;
    for (const auto& f : forms_)
        if (std::find(f.concepts.begin(), f.concepts.end(), concept_term) != f.concepts.end()) out.push_back(f.words);
    return out;
}

std::vector<std::pair<std::string, std::string>> SynonymTable::entries() const {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& f : forms_)
        for (const auto& c : f.concepts) out.emplace_back(join(f.words, ' '), c);
    return out;
}

}  // namespace cvsearch::analysis
