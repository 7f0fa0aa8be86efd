// SpellingCounter / DocumentBuilder::count_spelling: counting the spelling
// words in memory gives the spelling table Xapian's FLAG_SPELLING gives, and
// the same documents.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <sstream>

#include <xapian.h>

#include "cvsearch/parse.hpp"
#include "indexer/document_builder.hpp"
#include "indexer/spelling_counter.hpp"
#include "parse/normalize/normalize.hpp"
#include "tests/test_util.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
namespace fs = std::filesystem;

namespace {

std::map<std::string, Xapian::termcount> spelling_of(const Xapian::Database& db) {
    std::map<std::string, Xapian::termcount> out;
    for (auto w = db.spellings_begin(); w != db.spellings_end(); ++w) out[*w] = w.get_termfreq();
    return out;
}

/// Every term of `doc` with its wdf and positions, as text.
std::string terms_of(const Xapian::Document& doc) {
    std::ostringstream out;
    for (auto t = doc.termlist_begin(); t != doc.termlist_end(); ++t) {
        out << *t << ":" << t.get_wdf();
        for (auto p = t.positionlist_begin(); p != t.positionlist_end(); ++p) out << "," << *p;
        out << "\n";
    }
    return out.str();
}

/// Words Xapian's tokenizer treats its own way, one-byte words, a word over
/// its 64-byte limit, accents, CJK, compounds and possessives, in a section
/// and in fields that are indexed with and without a prefix.
Profile odd_words_profile() {
    Profile p;
    p.id = "odd-words";
    p.name = "Jae-Won O'Reilly-Chung";
    p.headline = "Engineer at AT&T";
    p.interests = {"C++ and C# compilers", "Zürich's ünïcode", "中文 字 处理"};
    p.skills = {"x86-64 assembly", "3.14 1,000 12abc", "a b c"};
    Publication pub;
    pub.title = "Learning LEARNING learning: e-mail foo_bar "
                "wordwordwordwordwordwordwordwordwordwordwordwordwordwordwordwordwordword";
    pub.venue = "SOSP '23";
    pub.authors = {"J. O'Reilly-Chung", "Ana Ruiz"};
    pub.year = 2023;
    p.publications = {pub};
    Section s;
    s.heading = "Research";
    s.text = "I work on C++ compilers at AT&T; 3.14 is pi, 1,000 is a number, and x is a letter. "
             "Learning, learning.";
    p.sections = {s};
    return p;
}

std::vector<Profile> bundled_profiles() {
    std::vector<Profile> out;
    for (const auto& e : fs::recursive_directory_iterator(source_dir() / "data" / "profiles")) {
        if (!e.is_regular_file()) continue;
        for (auto& p : parse_file(e.path())) {
            normalize::normalize_profile(p);
            out.push_back(std::move(p));
        }
    }
    return out;
}

}  // namespace

TEST_CASE("spelling counter: the same spelling table and documents as Xapian's FLAG_SPELLING") {
    TempDir dir;
    std::vector<Profile> profiles = bundled_profiles();
    REQUIRE(profiles.size() > 20);
    profiles.push_back(odd_words_profile());

    Xapian::WritableDatabase flagged((dir / "flagged").string(), Xapian::DB_CREATE);
    Xapian::WritableDatabase counted((dir / "counted").string(), Xapian::DB_CREATE);
    indexing::DocumentBuilder by_flag(2026), by_count(2026);
    by_flag.set_spelling_database(flagged);
    by_count.count_spelling();
    for (const auto& p : profiles) {
        CAPTURE(p.id);
        Xapian::Document a = by_flag.build(p);
        Xapian::Document b = by_count.build(p);
        CHECK(terms_of(a) == terms_of(b));  // the counter stops no word
        flagged.add_document(a);
        counted.add_document(b);
    }
    by_count.add_counted_spelling(counted);
    flagged.commit();
    counted.commit();

    const auto expected = spelling_of(flagged);
    CHECK(expected.size() > 1000);
    for (const char* word : {"c++", "c#", "at&t", "3.14", "1,000", "12abc", "zurich", "learning", "中文"}) {
        CAPTURE(word);
        CHECK(expected.count(word) == 1);  // the odd words are in the comparison
    }
    CHECK(expected.at("learning") >= 5);
    CHECK(spelling_of(counted) == expected);
}

TEST_CASE("spelling counter: counts wait for add_counted_spelling, are added once, and only unprefixed words") {
    TempDir dir;
    Xapian::WritableDatabase db((dir / "db").string(), Xapian::DB_CREATE);
    indexing::DocumentBuilder builder(2026);
    builder.count_spelling();
    Profile p;
    p.id = "p1";
    p.name = "Quentin Quokka";
    p.interests = {"marsupial ecology"};
    db.add_document(builder.build(p));
    db.commit();
    CHECK(spelling_of(db).empty());  // nothing until they are added

    builder.add_counted_spelling(db);
    db.commit();
    auto once = spelling_of(db);
    CHECK(once.at("quokka") == 1);  // the name's unprefixed copy; its XN copy has a prefix
    CHECK(once.at("marsupial") == 1);
    builder.add_counted_spelling(db);  // nothing new counted: nothing added again
    db.commit();
    CHECK(spelling_of(db) == once);

    // Back to Xapian's own counting: the builder counts as it indexes again.
    builder.set_spelling_database(db);
    db.add_document(builder.build(p));
    db.commit();
    auto twice = spelling_of(db);
    for (const auto& [word, freq] : once) {
        CAPTURE(word);
        CHECK(twice.at(word) == 2 * freq);
    }
}

TEST_CASE("spelling counter: a Stopper that stops nothing and counts only while asked to") {
    TempDir dir;
    Xapian::WritableDatabase db((dir / "db").string(), Xapian::DB_CREATE);
    indexing::SpellingCounter counter;
    CHECK_FALSE(counter("word"));  // not counting yet
    CHECK(counter.pending() == 0);
    counter.count(true);
    CHECK_FALSE(counter("word"));
    CHECK_FALSE(counter("word"));
    CHECK_FALSE(counter("x"));  // one byte: the spelling table takes no such word
    CHECK(counter.pending() == 1);
    counter.count(false);
    CHECK_FALSE(counter("other"));
    counter.add_to(db);
    CHECK(counter.pending() == 0);
    db.commit();
    CHECK(spelling_of(db) == std::map<std::string, Xapian::termcount>{{"word", 2}});
}
