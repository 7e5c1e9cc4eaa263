"""What each technique is, in two or three plain sentences: the one table the
technique pages (``scripts/technique_pages.py``) read for their opening paragraph.

Written for sumlogic in its own words.  A "house" is a row, column or box (in
Kakuro, a run; in Killer, also a cage), a "candidate" a digit still possible
in a cell.  The script refuses to write the pages while a technique of
:func:`techniques.catalogue` has no entry here, so a new technique cannot
go without one.

>>> import techniques
>>> sorted(set(t.id for t in techniques.catalogue()) - set(ABOUT))
[]
"""

from __future__ import annotations

ABOUT: dict[str, str] = {
    "naked-single": (
        "A cell with a single candidate left must hold that digit. It is the last step of most eliminations: "
        "once everything else has been ruled out of a cell, the digit that remains is written in."),
    "last-cell": (
        "When every cell of a cage or run but one is filled, the last cell is the total minus the digits "
        "already there. In a Sudoku house it is the one digit of 1-9 still missing."),
    "hidden-single": (
        "A house needs every digit once; when a digit has only one cell left in a house where it can go, it "
        "goes there, whatever else that cell could hold."),
    "sum-combinations": (
        "A cage or run must add up to its total with different digits, so only some sets of digits fill it. "
        "A digit that appears in none of those sets, or cannot sit in this cell in any of them, is removed."),
    "kropki-dots": (
        "A white dot joins two digits that differ by one and a black dot two digits where one is twice the other. "
        "A candidate with no partner across the dot among the neighbour's candidates is removed; with the "
        "negative rule, neighbours without a dot may be neither."),
    "pointing": (
        "When all the places for a digit inside a box lie in one row or column, that digit must be in the box's part "
        "of the line. It can then be removed from the rest of that row or column."),
    "claiming": (
        "The mirror of pointing: when all the places for a digit in a row or column lie inside one box, the digit is "
        "in that stretch of the line, so it leaves the other cells of the box."),
    "cage-confinement": (
        "Some digits must be in a cage whatever combination fills it. When all the cage's cells that could take such "
        "a digit lie in one row, column or box, the digit leaves the rest of that house."),
    "combination-confinement": (
        "The same reasoning as cage confinement, for a cage, a run or a sum found by adding houses up: a digit that "
        "every remaining combination uses, and whose possible cells share a house, is removed from the rest of "
        "that house."),
    "house-pointing": (
        "A digit a house needs can only go in a few cells; any other cell that sees all of them, through a row, "
        "column, box or cage, cannot hold that digit, because one of those cells will."),
    "cage-pointing": (
        "A digit that a cage or run must contain can only go in a few of its cells; a cell outside that sees all "
        "of them loses the digit, since the cage will place it in one of them."),
    "sum-comparison": (
        "In Greater Killer, a sign between two cages says how their totals compare. A cage without a printed "
        "total gets bounds from its neighbour's, and digits that would break the bounds are removed."),
    "sum-fillings": (
        "Look at each combination a cage or run still allows, and try each candidate in its cell: if the other "
        "cells cannot then complete any combination with different digits, the candidate goes. It is sum "
        "combinations with the cells' own candidates taken into account."),
    "naked-pair": (
        "Two cells of a house that hold the same two candidates and nothing else must take those two digits "
        "between them. Both digits leave every other cell of the house."),
    "hidden-pair": (
        "When two digits a house needs can only go in the same two cells, those cells hold those two digits, "
        "so their other candidates are removed."),
    "kropki-chain": (
        "A cell joined by dots to several neighbours must find a partner for each of them. When those neighbours "
        "see each other and so must differ, some of the middle cell's digits have too few partners and go."),
    "innies-outies": (
        "A row, column or box adds up to 45. Subtract the cages wholly inside it, and the cells left over "
        "(inside the house, or just outside it) must make up the difference: a new sum to work with."),
    "cage-splitting": (
        "The rule of 45 applied to a cage that crosses a house boundary: the part of the cage inside the house "
        "must make up what the house's whole cages leave, which splits the cage's total into two smaller sums."),
    "house-combinations": (
        "The cages that fill a house together hold 1-9 exactly once. A combination for one cage that leaves "
        "another cage of the same house no combination without a repeated digit is impossible, and so are the "
        "candidates only it allowed."),
    "relation-check": (
        "In Greater Killer, try a candidate and see what it does to two cages joined by a sign: if the totals "
        "they could still reach cannot satisfy the sign, the candidate is removed."),
    "crossing-runs": (
        "Four Kakuro runs that cross in a square of cells form a small loop. Going round it, each cell limits the "
        "next through the run they share, and a digit that cannot lead all the way round and back is removed."),
    "naked-triple": (
        "Three cells of a house whose candidates, taken together, are only three digits must hold those three "
        "digits. The three digits leave every other cell of the house."),
    "hidden-triple": (
        "When three digits a house needs can only go in the same three cells, those cells hold them, and any "
        "other candidates in those cells are removed."),
    "kropki-group": (
        "Read a few cells joined by dots in one house as one unit: list the ways they can be filled together, "
        "dots and missing dots included. A digit no way gives a cell goes; a digit every way holds leaves the "
        "cells that see all of its places (the 3 of a white 2/3/4 pair)."),
    "kropki-cluster": (
        "The same reading for up to six cells that dots join across houses, or a 2x2 square with a dot, where "
        "the missing dots count too. Only the ways that fit every dot and every house survive, and what none "
        "of them uses is removed."),
    "multi-house-innies": (
        "The rule of 45 over several houses at once: two rows total 90, three total 135, and so on. The cells "
        "left over after the whole cages inside give a new sum, often where one house alone gives none."),
    "run-loops": (
        "Several Kakuro runs that cross in a closed loop of cells: each cell's digit limits its neighbour's "
        "through the run they share. A digit from which the loop cannot be followed all the way round is removed."),
    "cut-vertex": (
        "A Kakuro cell whose removal splits the white cells in two: on the far side, the across totals and the "
        "down totals must agree, and the cell takes the difference between them."),
    "naked-quad": (
        "Four cells of a house that hold only four digits between them take exactly those four digits, so the "
        "four digits leave every other cell of the house."),
    "hidden-quad": (
        "When four digits a house needs can only go in the same four cells, those cells hold them and lose "
        "their other candidates."),
    "x-wing": (
        "When a digit can only go in the same two columns in each of two rows, it occupies opposite corners of "
        "that rectangle. Either way the two columns get their digit from those rows, so it leaves the rest of "
        "both columns (and the same with rows and columns swapped)."),
    "skyscraper": (
        "Two lines where a digit has only two places each, with one end of each in a shared column or row. "
        "Both shared ends cannot hold the digit, so one of the two far ends does, and any cell seeing both far "
        "ends loses it."),
    "two-string-kite": (
        "A digit with two places in a row and two in a column, one of each inside the same box. Those two cannot "
        "both hold it, so one of the two other ends does, and a cell that sees both loses the digit."),
    "empty-rectangle": (
        "Inside a box, a digit's places all lie on one row and one column of that box. Combined with a line "
        "where the digit has two places, one seen by the box's cross, this leaves one cell outside that cannot "
        "hold the digit."),
    "turbot-fish": (
        "The general form of skyscraper and kite: two houses where a digit has two places each (rows, columns, "
        "boxes or cages), with one end of each seeing the other. One of the two far ends holds the digit; cells "
        "seeing both lose it."),
    "w-wing": (
        "Two cells with the same two candidates that do not see each other, joined by a house where one of their "
        "digits has only two places, each seen by one of the cells. One of the two cells must then be the other "
        "digit, so cells seeing both lose it."),
    "unique-rectangle-1": (
        "A puzzle with one solution cannot contain four cells, in two rows, two columns and two boxes, that hold "
        "only the same two digits: they could be swapped. When three corners are down to those two digits, the "
        "fourth cannot be either of them."),
    "bug-plus-1": (
        "When every open cell has two candidates but one, which has three, the grid would have two solutions if "
        "that extra digit were missing. With one solution, the cell holds the digit that appears three times in "
        "its houses."),
    "xy-wing": (
        "A pivot cell with two candidates sees two wing cells, each sharing one digit with the pivot and sharing "
        "a third digit with each other. Whatever the pivot holds, one wing is the third digit, so a cell seeing "
        "both wings loses it."),
    "cage-pairs": (
        "Two cages or runs that touch limit each other: a candidate in one is removed when every way of filling "
        "its cage with it leaves the neighbouring cage no combination that still fits."),
    "unique-rectangle-2": (
        "Four corners of a would-be deadly rectangle hold the same two digits, and two of them also share one "
        "extra digit. One of those two must hold the extra digit, so it leaves every cell that sees both."),
    "unique-rectangle-4": (
        "Two corners of the rectangle hold only the pair, and in the line through the other two, one of the pair's "
        "digits can only go in those two corners. The other digit of the pair can then be removed from both."),
    "unique-rectangle-3": (
        "Two corners of the rectangle hold only the pair and the other two carry extra digits. One of them must "
        "take an extra digit, so together they act like a single cell, which can form a naked subset with other "
        "cells of their house."),
    "hidden-rectangle": (
        "A uniqueness rectangle seen through where a digit can go: one corner holds only the pair, and one of the "
        "pair's digits is confined to the rectangle in both lines through the opposite corner. That corner cannot "
        "then be the other digit."),
    "finned-x-wing": (
        "An X-Wing with one or two extra places for the digit, the fin, in a box at one corner. Either the X-Wing "
        "holds or the fin holds the digit, so cells that the X-Wing would clear and that also see the fin lose it."),
    "swordfish": (
        "An X-Wing over three lines: a digit that, in three rows, can only go in the same three columns must "
        "fill those columns from those rows, so it leaves the rest of the three columns (or rows and columns "
        "swapped)."),
    "finned-swordfish": (
        "A swordfish with a fin: a few extra places for the digit in one box. The eliminations that both the "
        "swordfish and the fin agree on, cells of the cover lines that see the fin, are made. Sashimi is the "
        "form with a corner missing."),
    "xyz-wing": (
        "An XY-Wing whose pivot has three candidates: the pivot and two wings together must put the shared digit "
        "in one of the three, so only cells that see all three lose it."),
    "jellyfish": (
        "The fish pattern over four lines: a digit confined, in four rows, to the same four columns fills those "
        "columns from there, and leaves the rest of them (or with rows and columns swapped)."),
    "finned-jellyfish": (
        "A jellyfish with a fin of extra places in one box; cells that the jellyfish would clear and that see "
        "every fin cell lose the digit."),
    "wxyz-wing": (
        "Four cells that hold four digits between them, where all digits but one are restricted to cells that "
        "see each other. The last digit must then be in one of them, and a cell seeing all its places loses it."),
    "x-chain": (
        "A chain of one digit, alternating between strong links (one of two places must hold it) and weak ones "
        "(two places that cannot both). One end or the other holds the digit, so cells seeing both ends lose it."),
    "xy-chain": (
        "A chain of two-candidate cells, each sharing a digit with the next. If the first cell is not the end "
        "digit, the chain forces the last cell to be it, so one end holds it and cells seeing both ends lose it."),
    "aic": (
        "An alternating inference chain mixes digits and cells, and groups of cells, alternating strong and weak "
        "links. Its two ends cannot both be false, and any candidate that sees both ends is removed."),
    "sue-de-coq": (
        "Two or three cells where a row or column meets a box, holding more digits than cells. Some of those "
        "digits are pushed into the line and others into the box by cells that complete them, so each group of "
        "digits leaves the rest of its house."),
    "als-xz": (
        "An almost locked set is a group of cells with one more candidate than cells. Two such sets joined by a "
        "digit whose places all see each other force another shared digit into one of them, and a cell seeing "
        "all its places in both sets loses it."),
    "als-xy-wing": (
        "Three almost locked sets: a middle set linked to two others by different restricted digits. One of the "
        "outer sets is then locked, so a digit they share leaves any cell that sees all its places in both."),
    "blocked-fillings": (
        "Take a cage with only a few ways left to fill it and try each way in turn: put its digits in, take them "
        "out of every cell that sees them, and look at the houses and cages around. A way that leaves a cell, a "
        "house or another cage with nothing is blocked; candidates only the blocked ways used are removed."),
    "combination-chain": (
        "A cage that can only be, say, 4+6+7 or 2+6+9 holds either a 4 or a 2: if not one, then the other. Such "
        "either-or choices between the combinations of cages and runs join the usual links of a chain (a digit's "
        "last two places in a house, a cell's last two digits) and run from cage to cage; a house's places for a "
        "digit may be grouped whatever their shape. When the two ends of the chain both see a candidate, one end "
        "is true, so that candidate goes."),
    "forcing-net": (
        "A cell's candidates, a digit's places in a house, or a cage's combinations (two to nine of them): one "
        "of these cases is true. Follow each case with the simple techniques; when every case removes the same "
        "candidate (or a case runs into a dead end, so it is not the true one), that candidate goes whichever "
        "case is true. Choices with fewer cases are tried first. When no live case needs a step (each removes "
        "the candidate just by being supposed), the dead ends alone did the work, and they are shown as "
        "contradictions instead."),
    "contradiction-1": (
        "Suppose a candidate is true and follow the simple techniques from there. When that leads to a cell with "
        "no candidate or a house with no place for a digit, the supposition was wrong and the candidate is removed."),
    "contradiction-2": (
        "A contradiction where following the supposition itself needs a depth-1 contradiction along the way: a "
        "nested what-if, harder to hold in your head."),
    "contradiction-3": (
        "A contradiction three what-ifs deep: after the supposition, depth-2 contradictions are needed to reach "
        "the dead end. It is the last logical step before guessing."),
    "guess": (
        "When no technique applies, sumlogic tries the lowest digit of the open cell with the fewest candidates "
        "and follows it. A guess that ends in a contradiction is undone and the digit removed; it never looks at "
        "the solution."),
}
"""Technique id -> its description (two or three sentences)."""
