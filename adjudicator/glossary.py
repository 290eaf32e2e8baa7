"""The words a player types for the words our rulings use: synonyms, table talk and the official
Russian terms of the Russian edition (seed 004: «червь», «союз», «ячейка», «оружейник», «Барьерная
Стена», «крюк Подателя», ...). A query word finds rulings with any of its alternatives.

Each line is a group. `a b c` are equivalent both ways; `a b > c d` means a query for `a` or `b`
also finds `c` and `d` but not the other way (so "draw" finds ties, "tie" does not find card draws).
Words are written as a person writes them; words.py stems them as it stems the text.
"""

GLOSSARY = """
worm worms sandworm shaihulud червь шайхулуд
alliance alliances альянс союз
storm буря шторм
spy spies шпион
swordmaster оружейник
tie ties tied ничья
tiebreak tiebreaker тайбрейк
draw drawn equal > tie tiebreak
tie ties tied > level equal
ничья равенство равно > tiebreak level
reward rewards награда
influence влияние
agent agents агент
troop troops отряд кубик
unit units единица
garrison гарнизон
hook hooks крюк
maker makers податель
infiltrate infiltration внедрение
strength сила
persuasion убеждение
discard сброс сбросить
deck колода
shuffle reshuffle перемешать
card cards карта
intrigue intrigues интрига
plot заговор
control контроль
bonus бонус
mentat ментат
uprising восстание
commander commanders военачальник
ally allies союзник
activate activated активировать
rival rivals оппонент
соперник соперники > opponent
house дом
hagal хагаль
cost costs стоимость цена
retreat отступить отступление
icon icons символ
pair pairs match пара
vp vps
victory победа
win wins won победить выиграть
end конец конце
game игра партия
occupied occupy занятый занят
first первый
second второй
third третий
lose lost loss losses потеря потерять
lose lost loss losses потеря потери > destroy kill
deploy deployment разместить размещение ввести
recruit recruits нанять наём
supply запас
spice пряность
solari солярий
water вода
trash trashed удалить
imperium империя
leader leaders лидер
signet печатка
ring кольцо
faction factions фракция
track трек
objective objectives задача
choam кооам
contract contracts контракт
landsraad ландсраад
council совет
reveal revealed раскрыть раскрытие
acquire buy купить покупка
double doubles doubled удвоить удвоение удваивать
phase фаза
round раунд
two 2 два две
three 3 три
four 4 четыре
ten 10 десять
сражение битва > combat conflict battle
конфликт > conflict combat
боевой > battle combat
ячейка клетка > space
место > space place
разведка > gather intelligence
барьерный > shield
стена > wall
очко очки > point
взять > draw take
ход > turn
force forces token tokens > troop force
kill killed destroy destroys devour devours eat eats > kill destroy devour lose
explosion explode > lasgun shield
pay afford > cost payable
shuffle > reshuffle
leftover unspent непотраченный > lost expire unspent
"""
